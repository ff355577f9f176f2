// The static site's widget loader: each stored widget output (a <div class="widget"
// data-model-id>) whose model the page's stored state holds, with its module (anywidget's
// _esm), is drawn by that module in the browser - no kernel, no server. The model is a
// shim: get, set, on/off("change:name"), save_changes and send (no kernel: nothing to
// send), and widget_manager.get_model(id) for another stored model. Where there is no
// state, or drawing fails, the stored picture (the notebook's HTML output) shows; the
// picture of a widget with a module waits in a <noscript> (a browser with scripts does
// not build it) until drawing fails or the page is printed.
(function () {
  "use strict";
  var data = document.getElementById("widget-state");
  if (!data || typeof Promise === "undefined") return;
  var stored = JSON.parse(data.textContent);
  var sources = self.SKITGUBBE_SOURCES || {};
  var models = {};
  var modules = {};
  var styles = {};

  function plain(id) { return String(id).replace(/^IPY_MODEL_/, ""); }

  function resolve(value) {
    // a module or stylesheet kept once in the site: {"source": hash}
    if (value && typeof value === "object" && typeof value.source === "string" &&
        Object.keys(value).length === 1) {
      if (!(value.source in sources)) throw new Error("missing source " + value.source);
      return sources[value.source];
    }
    return value;
  }

  // the page's size switch (its <nav>): every widget of the page at one size, kept from
  // page to page in the browser's storage
  var SIZE_KEY = "skitgubbe-size";
  function chosenSize() {
    try { return self.localStorage.getItem(SIZE_KEY); } catch (error) { return null; }
  }

  function Model(id, entry) {
    this.model_id = id;
    this.name = entry.name;
    this.attributes = {};
    for (var key in entry.state) this.attributes[key] = resolve(entry.state[key]);
    if ("size" in this.attributes && chosenSize()) this.attributes.size = chosenSize();
    this.listeners = {};
    this.widget_manager = manager;
    this.ready = null;
  }
  Model.prototype.get = function (name) { return this.attributes[name]; };
  Model.prototype.set = function (name, value) {
    var old = this.attributes[name];
    this.attributes[name] = value;
    if (old !== value) {
      this.trigger("change:" + name, value);
      this.trigger("change", value);
    }
  };
  Model.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
  };
  Model.prototype.off = function (event, callback) {
    if (event === undefined || event === null) { this.listeners = {}; return; }
    if (!callback) { delete this.listeners[event]; return; }
    this.listeners[event] = (this.listeners[event] || []).filter(function (c) {
      return c !== callback;
    });
  };
  Model.prototype.trigger = function (event, value) {
    var self = this;
    (this.listeners[event] || []).slice().forEach(function (callback) {
      callback(self, value);
    });
  };
  Model.prototype.save_changes = function () {};
  Model.prototype.send = function () {};

  function model(id) {
    id = plain(id);
    if (!(id in models)) {
      if (!stored[id]) return null;
      models[id] = new Model(id, stored[id]);
    }
    return models[id];
  }

  var manager = {
    get_model: function (id) {
      var found = model(id);
      return found ? Promise.resolve(found) : Promise.reject(new Error("no model " + id));
    }
  };

  function widget(esm) {
    // the module imported once from a Blob URL; its default export (an object, or a
    // function returning one), else its named exports
    if (!modules[esm]) {
      var url = URL.createObjectURL(new Blob([esm], {type: "text/javascript"}));
      modules[esm] = import(url).then(function (module) {
        URL.revokeObjectURL(url);
        var found = module["default"];
        if (typeof found === "function") return found();
        return found || module;
      });
    }
    return modules[esm];
  }

  function style(css) {
    if (!css || styles[css]) return;
    var element = document.createElement("style");
    element.textContent = css;
    document.head.appendChild(element);
    styles[css] = true;
  }

  function unfold(holder) {
    // the stored picture out of its <noscript>, as HTML
    var folded = holder.querySelector("noscript.widget-static");
    if (!folded) return;
    var picture = document.createElement("div");
    picture.className = "widget-static";
    picture.innerHTML = folded.textContent;
    holder.replaceChild(picture, folded);
  }

  function draw(holder) {
    var live = document.createElement("div");
    live.className = "widget-live";
    var shim = null;
    return Promise.resolve().then(function () {
      shim = model(holder.getAttribute("data-model-id"));
      if (!shim || typeof shim.get("_esm") !== "string") throw new Error("no module stored");
      return widget(shim.get("_esm"));
    }).then(function (found) {
      style(shim.get("_css"));
      if (!shim.ready) {
        shim.ready = Promise.resolve(
          typeof found.initialize === "function" ? found.initialize({model: shim}) : null);
      }
      return shim.ready.then(function () {
        holder.appendChild(live);
        return found.render({model: shim, el: live});
      });
    }).then(function () {
      holder.classList.add("is-live");
    }, function (error) {
      if (live.parentNode) live.parentNode.removeChild(live);
      holder.classList.remove("is-live");
      unfold(holder);
      if (shim && self.console) console.warn("skitgubbe: the stored picture stays:", error);
    });
  }

  var holders = document.querySelectorAll("div.widget[data-model-id]");
  // a printed page shows each widget's strip of frames (site.css), not the frame on show;
  // some print tools send no beforeprint, only the print media
  function printing() { Array.prototype.forEach.call(holders, unfold); }
  self.addEventListener("beforeprint", printing);
  var print = self.matchMedia ? self.matchMedia("print") : null;
  if (print && print.addEventListener) {
    print.addEventListener("change", function (event) { if (event.matches) printing(); });
  }

  var sizes = document.querySelector("nav .sizes");
  function showSize(size) {
    Array.prototype.forEach.call(sizes.querySelectorAll("button"), function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-size") === size));
    });
  }
  if (sizes) {
    sizes.hidden = false;
    showSize(chosenSize() || "normal");
    sizes.addEventListener("click", function (event) {
      var size = event.target.getAttribute && event.target.getAttribute("data-size");
      if (!size) return;
      try { self.localStorage.setItem(SIZE_KEY, size); } catch (error) { /* kept for this page only */ }
      showSize(size);
      for (var id in models) if ("size" in models[id].attributes) models[id].set("size", size);
    });
  }
  // one widget after another, in the page's order, giving the browser a turn between
  // them: the first stepper answers clicks while the others are still being drawn
  Array.prototype.reduce.call(holders, function (before, holder) {
    return before.then(function () { return draw(holder); }).then(function () {
      return new Promise(function (turn) { setTimeout(turn, 0); });
    });
  }, Promise.resolve()).then(function () {
    document.documentElement.setAttribute("data-widgets", "ready");
  });
})();
