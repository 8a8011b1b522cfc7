/* paperlist "Copy BibTeX": the button of a paper page's Cite section.
 *
 * A classic script (not a module: the site also works from file://) that loader.js
 * loads on pages with a `.paper-cite`. The button is `hidden` in the
 * build's markup, so without JavaScript the page shows the BibTeX alone, to select.
 */
(() => {
  "use strict";

  const { ready } = window.paperlist;  // loader.js

  /** The clipboard API needs a secure context (https or localhost); else the old way. */
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise((resolve, reject) => {
      const ta = document.createElement("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.style.position = "fixed";
      ta.style.opacity = "0";
      document.body.appendChild(ta);
      ta.select();
      let ok = false;
      try { ok = document.execCommand("copy"); } catch { ok = false; }
      ta.remove();
      if (ok) resolve(); else reject(new Error("copy refused"));
    });
  }

  /** Show and wire every Copy BibTeX button of the page not yet set up. */
  function init() {
    for (const btn of document.querySelectorAll(".paper-copy-bibtex")) {
      if (!ready(btn)) continue;
      const box = btn.closest(".paper-cite");
      const status = box.querySelector(".paper-copy-status");
      btn.hidden = false;
      btn.addEventListener("click", () => {
        copyText(box.querySelector(".paper-bibtex").textContent).then(() => {
          status.textContent = "Copied to the clipboard.";
        }, () => {
          status.textContent = "Could not copy: select the text below instead.";
        });
      });
    }
  }

  window.paperlist.widgets["cite.js"] = { init };
})();
