// The subscribe page's Copy button: shown only where it can work (it needs this script).
(function () {
  "use strict";
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    var status = button.closest(".copy-feed").querySelector("[data-copy-status]");
    if (!field) return;
    var words = {};
    try { words = JSON.parse(button.getAttribute("data-words")) || {}; } catch (e) { words = {}; }
    button.hidden = false;
    button.addEventListener("click", function () {
      field.focus();
      field.select();
      var done = function () { status.textContent = words.done || "Copied the feed address."; };
      var failed = function () { status.textContent = words.keys || "Press Ctrl+C (or Cmd+C) to copy the selected address."; };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(done, failed);
      else failed();
    });
  });
})();
