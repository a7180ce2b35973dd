/* The living rulebook's page behaviour: a link to something inside a collapsed proof opens it; printing opens
   every proof; a board frame zooms (its own scroll bars pan, and a phone's pinch-zoom works as anywhere). */
(function () {
  "use strict";
  function openTo(id) {
    if (!id) return;
    var el = document.getElementById(decodeURIComponent(id));
    if (!el) return;
    var opened = false;
    for (var p = el.parentElement; p; p = p.parentElement) {
      if (p.tagName === "DETAILS" && !p.open) { p.open = true; opened = true; }
    }
    if (opened) el.scrollIntoView();
  }
  function fromHash() { openTo(location.hash.replace(/^#/, "")); }
  window.addEventListener("hashchange", fromHash);
  document.addEventListener("DOMContentLoaded", function () {
    if (location.hash) fromHash();
    document.addEventListener("click", function (ev) {
      var a = ev.target.closest && ev.target.closest("a[href*='#']");
      if (!a) return;
      var url = new URL(a.href, location.href);
      if (url.pathname === location.pathname && url.hash) setTimeout(function () { openTo(url.hash.slice(1)); }, 0);
    });
    document.querySelectorAll(".dm-board-frame").forEach(function (frame) {
      var svg = frame.querySelector("svg");
      if (!svg) return;
      var natural = parseFloat(svg.getAttribute("width")) || svg.viewBox.baseVal.width;
      var scale = 1;
      function apply() {
        if (scale === 0) { svg.style.width = "100%"; svg.style.maxWidth = "100%"; }
        else { svg.style.width = (natural * scale) + "px"; svg.style.maxWidth = "none"; }
      }
      frame.addEventListener("click", function (ev) {
        var b = ev.target.closest("button[data-zoom]");
        if (!b) return;
        var z = b.getAttribute("data-zoom");
        if (z === "fit") scale = 0;
        else {
          if (scale === 0) scale = frame.querySelector(".dm-board-scroll").clientWidth / natural;
          scale = z === "in" ? Math.min(scale * 1.25, 3) : Math.max(scale / 1.25, 0.2);
        }
        apply();
      });
    });
  });
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  });
})();
