"""The JupyterLite lab site and its Voici apps (`make lite`): ``python -m lite.build``, then
``python -m lite.voici``."""
