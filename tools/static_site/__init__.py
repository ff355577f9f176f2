"""The light static site: every notebook, English and Swedish, as a page to read - its
text, tables, pictures and stored outputs, no code shown - with live steppers and quizzes
drawn from the widget state the notebooks store, by one small script of the site's own
(``assets/loader.js`` in this package). Nothing comes from another host, nothing runs on a
server.

    python -m tools.static_site --output build/site     # `make site`; open build/site/index.html

The index (00-index) is the home page, ``index.html`` and ``sv/index.html``; links between
notebooks lead from page to page; "run the code" and, on the pages whose widgets need
Python (the play table, a drill's next questions: :mod:`.widget_state` says which), "open
as an app" lead to the JupyterLite site that `make lite` builds, by default beside this one
(``../lite/``).

Its parts: :mod:`.notebooks` (the notebooks and their pages), :mod:`.widget_state` (the
widget models they store and what the site keeps of them), :mod:`.page_html` (a page's
HTML) and :mod:`.__main__` (the command, :func:`~.__main__.build`).
"""
