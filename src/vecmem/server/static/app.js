// Standalone boot for `vecmem serve`: find the access token, then mount the UI.
//
// The server prints http://127.0.0.1:8765/#token=…; the fragment never reaches the
// server, so the token stays out of URLs and logs. It is moved into sessionStorage (this
// tab only), removed from the address bar, and sent as `Authorization: Bearer …`.
// `#token=…&scope=…` also picks the scope (a token bound to one scope needs it). A token
// pasted into the address bar of an open page arrives as a `hashchange`: the page
// restarts with it instead of keeping the old one.

import { ApiError } from "./dom.js";
import { translate } from "./i18n.js";
import { mountApp } from "./ui.js";

const TOKEN_KEY = "vecmem.token";
const SCOPE_KEY = "vecmem.scope";
const root = document.getElementById("app");
let app = null;

/** Take token and scope out of the fragment; true when it carried a token. */
function readFragment() {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const token = params.get("token");
  if (!token) return false;
  sessionStorage.setItem(TOKEN_KEY, token);
  if (params.get("scope")) sessionStorage.setItem(SCOPE_KEY, params.get("scope"));
  else sessionStorage.removeItem(SCOPE_KEY);
  history.replaceState(null, "", window.location.pathname + window.location.search);
  return true;
}

function readToken() {
  readFragment();
  return sessionStorage.getItem(TOKEN_KEY);
}

async function request(method, path, { params, body } = {}) {
  const query = new URLSearchParams(params || {}).toString();
  const headers = { Authorization: `Bearer ${sessionStorage.getItem(TOKEN_KEY) || ""}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api${path}${query ? `?${query}` : ""}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "omit", cache: "no-store",
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, data && data.error,
      (data && data.message) || `HTTP ${response.status}`);
  }
  return data;
}

function lang() {
  const stored = localStorage.getItem("vecmem.lang");
  if (stored) return stored;
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
}

function askForToken(refused) {
  if (!app && root.querySelector(".vm-token-form")) return; // already asking
  if (app) app.destroy();
  app = null;
  sessionStorage.removeItem(TOKEN_KEY);
  const t = (key) => translate(lang(), key);
  const input = Object.assign(document.createElement("input"), {
    type: "password", className: "vm-input", autocomplete: "off", id: "vm-token",
  });
  input.dataset.test = "token-input";
  const form = document.createElement("form");
  form.className = "vm-card vm-token-form";
  const title = document.createElement("h1");
  title.textContent = t("token.title");
  const help = document.createElement("p");
  help.className = "vm-muted";
  help.textContent = refused ? t("token.wrong") : t("token.help");
  const label = Object.assign(document.createElement("label"), { htmlFor: "vm-token" });
  label.className = "vm-field-label";
  label.textContent = t("token.label");
  const submit = Object.assign(document.createElement("button"), { type: "submit" });
  submit.className = "vm-btn vm-btn--primary";
  submit.textContent = t("token.submit");
  form.append(title, help, label, input, submit);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!input.value.trim()) return;
    sessionStorage.setItem(TOKEN_KEY, input.value.trim());
    start();
  });
  root.className = "vm-app vm-app--gate";
  root.replaceChildren(form);
  input.focus();
}

function start() {
  root.className = "vm-app";
  // Several requests may be refused at once, some after a newer start: only the
  // current app's first refusal asks again.
  if (app) app.destroy();
  const instance = mountApp(root, {
    request, scope: sessionStorage.getItem(SCOPE_KEY) || "",
    onUnauthorized: () => { if (app === instance) askForToken(true); },
  });
  app = instance;
}

window.addEventListener("hashchange", () => {
  if (readFragment()) start();
});

if (readToken()) start();
else askForToken(false);
