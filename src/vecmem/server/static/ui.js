// vecmem dashboard: one framework-free module that mounts the whole UI into an element.
//
// Standalone, static/app.js mounts it with a request function that sends the bearer
// token; inside Hermes, the plugin bundle (dashboard/dist/index.js, generated from this
// file) mounts it with the Hermes SDK's fetchJSON. The UI never decides anything itself:
// every change is previewed by the API, confirmed by a person, then applied by the API.
//
// DOM is built with h() (dom.js); text always goes in as text nodes, never as HTML.

import {
  ApiError, dash, defaultLang, fixed4, fmtTime, h, icon, messageOf, safeStorage,
} from "./dom.js";
import { translate } from "./i18n.js";

const PAGE_SIZE = 25;
const TABS = ["memories", "review", "plans", "audit", "recalls", "health", "cleanup"];
const STATUSES = ["active", "review", "archived", "superseded"];
const PLAN_ACTIONS = ["archive", "restore", "approve", "reject", "merge"];
const ACTIONS_BY_STATUS = {
  active: ["archive"],
  review: ["approve", "reject", "archive"],
  archived: ["restore"],
  superseded: ["archive"],
};
const REVERTIBLE = new Set(["add", "update", "merge", "archive", "restore", "approve", "reject"]);
const DANGER = new Set(["archive", "reject"]);
const SEARCH_DELAY_MS = 300;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

// -- the app -----------------------------------------------------------------------------
/**
 * Mount the dashboard into `root`.
 *
 * options.request(method, path, {params, body}) -> Promise<json>, throwing ApiError;
 * options.embedded: true inside Hermes (its theme applies; no theme toggle);
 * options.onUnauthorized(): called on a 401 (standalone: ask for the token again);
 * options.scope: the scope to open first (a token bound to one scope needs it).
 * Returns {refresh, destroy}.
 */
export function mountApp(root, options) {
  const opts = { embedded: false, ...options };
  const storage = safeStorage();
  const media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  const state = {
    lang: storage.getItem("vecmem.lang") || defaultLang(),
    theme: storage.getItem("vecmem.theme") || (media && media.matches ? "dark" : "light"),
    tab: "memories",
    scope: opts.scope || "",
    info: null,
    stats: null,
    filters: { status: "", memory_type: "", topic_key: "", category: "", source: "", text: "",
      since: "", until: "" },
    offset: 0,
    list: null,
    known: new Map(),
    selected: new Set(),
    bulkAction: "archive",
    bulkReason: "",
    mergeText: "",
    query: "",
    mode: "hybrid",
    // The relevance gate is on unless a person asks for the exploratory listing.
    gateOff: false,
    results: null,
    searchSeq: 0,
    review: null,
    plans: null,
    health: null,
    healthWindow: 24,
    cleanup: null,
    drawer: null,
    detailId: null,
    detail: null,
    explanation: null,
    audit: null,
    auditFilters: { action: "", actor: "", source: "", since: "", until: "" },
    auditOffset: 0,
    recalls: null,
    recallOffset: 0,
    recallSession: "",
  };
  const els = {};
  let searchTimer = null;
  const t = (key, vars) => translate(state.lang, key, vars);

  // -- API --
  function withScope(params) {
    const out = {};
    for (const [k, v] of Object.entries(params || {})) {
      if (v !== null && v !== undefined && v !== "") out[k] = v;
    }
    if (state.scope) out.scope = state.scope;
    return out;
  }

  async function request(method, path, params, body) {
    try {
      return await opts.request(method, path, { params: withScope(params), body });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401 && opts.onUnauthorized) {
        opts.onUnauthorized();
      }
      throw err;
    }
  }

  const api = {
    get: (path, params) => request("GET", path, params),
    post: (path, body, params) => request("POST", path, params, body ?? {}),
  };

  /** Run an API call; on failure show the message and resolve to undefined. */
  async function call(fn) {
    try {
      return await fn();
    } catch (err) {
      toast(messageOf(err), "error");
      return undefined;
    }
  }

  // -- theme and language --
  function applyTheme() {
    if (opts.embedded) return;
    root.dataset.theme = state.theme;
    if (!opts.embedded) document.documentElement.dataset.theme = state.theme;
  }

  function toggleTheme() {
    state.theme = state.theme === "dark" ? "light" : "dark";
    storage.setItem("vecmem.theme", state.theme);
    applyTheme();
    renderHeader();
  }

  function onSystemTheme(e) {
    if (storage.getItem("vecmem.theme")) return;
    state.theme = e.matches ? "dark" : "light";
    applyTheme();
    renderHeader();
  }

  function toggleLang() {
    state.lang = state.lang === "zh" ? "en" : "zh";
    storage.setItem("vecmem.lang", state.lang);
    buildShell();
  }

  // -- shell --
  function buildShell() {
    root.classList.add("vm-app");
    if (opts.embedded) root.classList.add("vm-embedded");
    root.lang = state.lang === "zh" ? "zh-CN" : "en";
    if (!opts.embedded) {
      document.documentElement.lang = root.lang;
      document.title = t("app.title");
    }
    applyTheme();
    els.header = h("header", { class: "vm-header" });
    els.stats = h("section", { class: "vm-stats", "aria-label": t("stats.title") });
    els.tabs = h("nav", { class: "vm-tabs", role: "tablist" });
    els.main = h("main", { class: "vm-main" });
    els.scrim = h("div", { class: "vm-scrim", hidden: true, onclick: closeDrawer });
    els.drawer = h("aside", { class: "vm-drawer", hidden: true, "data-test": "drawer" });
    els.toasts = h("div", { class: "vm-toasts", "aria-live": "polite" });
    root.replaceChildren(els.header, els.stats, els.tabs, els.main, els.scrim, els.drawer,
      els.toasts);
    renderHeader();
    renderStats();
    renderTabs();
    renderMain();
    renderDrawer();
  }

  function renderHeader() {
    const search = h("input", {
      type: "search", class: "vm-search-input", value: state.query, "data-test": "search",
      placeholder: t("search.placeholder"), "aria-label": t("search.placeholder"),
      oninput: (e) => onSearchInput(e.target.value),
      onkeydown: (e) => {
        if (e.key === "Escape") {
          e.target.value = "";
          onSearchInput("", true);
        } else if (e.key === "Enter") {
          onSearchInput(e.target.value, true);
        }
      },
    });
    const scope = state.scope || (state.info && state.info.scope);
    els.header.replaceChildren(
      h("div", { class: "vm-brand" },
        h("span", { class: "vm-logo", "aria-hidden": "true" }, "v"),
        h("span", { class: "vm-brand-name" }, "vecmem"),
        h("span", { class: "vm-brand-sub" }, t("app.subtitle")),
        scope ? h("span", { class: "vm-scope", title: t("scope.title") },
          t("scope.label"), h("code", {}, scope)) : null),
      h("label", { class: "vm-search" }, icon("search"), search),
      h("div", { class: "vm-header-actions" },
        h("button", { class: "vm-btn vm-btn--primary", type: "button", onclick: openAddDialog,
          "data-test": "add" }, icon("plus"), t("add.button")),
        h("button", { class: "vm-btn vm-btn--ghost", type: "button", onclick: () => refresh(),
          title: t("refresh"), "aria-label": t("refresh") }, icon("refresh")),
        h("button", { class: "vm-btn vm-btn--ghost vm-lang", type: "button", onclick: toggleLang,
          "data-test": "lang", title: t("lang.toggle") }, state.lang === "zh" ? "EN" : "中文"),
        opts.embedded ? null : h("button", {
          class: "vm-btn vm-btn--ghost", type: "button", onclick: toggleTheme,
          "data-test": "theme", title: t("theme.toggle"), "aria-label": t("theme.toggle"),
        }, icon(state.theme === "dark" ? "sun" : "moon"))));
    els.search = search;
  }

  function renderStats() {
    const s = state.stats;
    if (!s) {
      els.stats.replaceChildren(h("div", { class: "vm-card vm-stat vm-loading" }, t("loading")));
      return;
    }
    const card = (key, value, sub, cls, onclick, title) => h(onclick ? "button" : "div", {
      class: `vm-card vm-stat ${cls || ""}`, type: onclick ? "button" : null, onclick, title,
      "data-test": `stat-${key}`,
    },
    h("span", { class: "vm-stat-label" }, t(`stat.${key}`)),
    h("span", { class: "vm-stat-value" }, value),
    sub ? h("span", { class: "vm-stat-sub" }, sub) : null);
    const c = s.consistency || { ok: true, problems: [] };
    const cards = [card("total", s.total, t("stat.scope", { scope: s.scope }), "vm-stat--total")];
    for (const status of STATUSES) {
      cards.push(card(status, s.by_status[status] ?? 0, null, `vm-stat--${status}`,
        () => showStatus(status)));
    }
    cards.push(card("model", s.model,
      [t("stat.dim", { dim: s.dim }), s.embedder_fallback ? t("stat.fallback") : null]
        .filter(Boolean).join(" · "),
      s.embedder_fallback ? "vm-stat--warn vm-stat--model" : "vm-stat--model", null,
      s.embedder_error || null));
    cards.push(card("consistency", c.ok ? t("stat.consistent") : t("stat.problems",
      { n: c.problems.length }),
    t("stat.consistency_sub", { m: c.memories, v: c.vectors_current_model, k: c.keyword_index }),
    c.ok ? "vm-stat--ok" : "vm-stat--bad", null, c.problems.join("\n") || null));
    els.stats.replaceChildren(...cards);
  }

  function renderTabs() {
    const review = state.stats ? state.stats.by_status.review : 0;
    els.tabs.replaceChildren(...TABS.map((tab) => h("button", {
      class: `vm-tab${state.tab === tab ? " is-active" : ""}`, type: "button", role: "tab",
      "aria-selected": String(state.tab === tab), "data-test": `tab-${tab}`,
      onclick: () => switchTab(tab),
    }, t(`tab.${tab}`), tab === "review" && review ? h("span", { class: "vm-count" }, review)
      : null)));
  }

  function renderMain() {
    const views = { memories: viewMemories, review: viewReview, plans: viewPlans,
      audit: viewAudit, recalls: viewRecalls, health: viewHealth, cleanup: viewCleanup };
    els.main.replaceChildren(...[views[state.tab]()].flat().filter(Boolean));
  }

  // -- navigation and loading --
  async function switchTab(tab) {
    state.tab = tab;
    renderTabs();
    renderMain();
    await loadTab();
  }

  function showStatus(status) {
    state.filters.status = status;
    state.offset = 0;
    clearSearch(false);
    switchTab("memories");
  }

  async function loadTab() {
    const loaders = { memories: state.query ? runSearch : loadMemories, review: loadReview,
      plans: loadPlans, audit: loadAudit, recalls: loadRecalls, health: loadHealth,
      cleanup: loadCleanup };
    await loaders[state.tab]();
  }

  async function loadInfo() {
    const info = await call(() => api.get("/info"));
    if (info) state.info = info;
    renderHeader();
  }

  async function loadStats() {
    const stats = await call(() => api.get("/stats"));
    if (stats) state.stats = stats;
    renderStats();
    renderTabs();
  }

  async function loadMemories() {
    const f = state.filters;
    const params = { ...f, limit: PAGE_SIZE, offset: state.offset,
      since: f.since ? `${f.since}T00:00:00Z` : "", until: f.until ? `${f.until}T23:59:59Z` : "" };
    const list = await call(() => api.get("/memories", params));
    if (list) {
      state.list = list;
      for (const m of list.items) state.known.set(m.id, m);
    }
    if (state.tab === "memories" && !state.query) renderMain();
  }

  async function loadReview() {
    const review = await call(() => api.get("/review", { limit: 100 }));
    if (review) state.review = review;
    if (state.tab === "review") renderMain();
  }

  async function loadPlans() {
    const plans = await call(() => api.get("/plans", { limit: 100 }));
    if (plans) state.plans = plans;
    if (state.tab === "plans") renderMain();
  }

  async function loadAudit() {
    const f = state.auditFilters;
    const params = { ...f, limit: PAGE_SIZE, offset: state.auditOffset,
      since: f.since ? `${f.since}T00:00:00Z` : "", until: f.until ? `${f.until}T23:59:59Z` : "" };
    const audit = await call(() => api.get("/audit", params));
    if (audit) state.audit = audit;
    if (state.tab === "audit") renderMain();
  }

  async function loadRecalls() {
    const recalls = await call(() => api.get("/recalls", { limit: PAGE_SIZE,
      offset: state.recallOffset, session: state.recallSession }));
    if (recalls) state.recalls = recalls;
    if (state.tab === "recalls") renderMain();
  }

  async function loadHealth() {
    const health = await call(() => api.get("/health", { window_hours: state.healthWindow }));
    if (health) state.health = health;
    if (state.tab === "health") renderMain();
  }

  async function loadCleanup() {
    const cleanup = await call(() => api.get("/cleanup"));
    if (cleanup) state.cleanup = cleanup;
    if (state.tab === "cleanup") renderMain();
  }

  async function refresh() {
    await Promise.all([loadStats(), loadTab()]);
    if (state.drawer === "detail" && state.detailId !== null) await openDetail(state.detailId);
  }

  // -- search --
  function onSearchInput(value, now = false) {
    clearTimeout(searchTimer);
    const query = value.trim();
    const go = () => {
      state.query = query;
      state.results = null;
      if (state.tab !== "memories") {
        state.tab = "memories";
        renderTabs();
      }
      renderMain();
      if (query) runSearch();
      else loadMemories();
    };
    if (now) go();
    else searchTimer = setTimeout(go, SEARCH_DELAY_MS);
  }

  async function runSearch() {
    const seq = ++state.searchSeq;
    const query = state.query;
    const results = await call(() => api.get("/search", { q: query, mode: state.mode, k: 20,
      gate: gateParam() }));
    if (seq !== state.searchSeq) return; // a newer search is on its way
    state.results = results || { query, hits: [], failed: true };
    if (state.tab === "memories") renderMain();
  }

  /** `false` only when a person turned the gate off; otherwise the API's default (on). */
  function gateParam() {
    return state.gateOff ? "false" : "";
  }

  function clearSearch(reload = true) {
    state.query = "";
    state.results = null;
    if (els.search) els.search.value = "";
    if (reload) {
      renderMain();
      loadMemories();
    }
  }

  async function openExplain() {
    state.drawer = "explain";
    state.explanation = null;
    renderDrawer();
    const x = await call(() => api.get("/explain", { q: state.query, k: 20,
      gate: gateParam() }));
    if (state.drawer !== "explain") return;
    state.explanation = x || null;
    if (!x) closeDrawer();
    else renderDrawer();
  }

  // -- views: memories --
  function viewMemories() {
    if (state.query) return viewSearch();
    return [filtersBar(), bulkBar(), memoryTable(), pager()];
  }

  function setFilter(name, value) {
    state.filters[name] = value;
    state.offset = 0;
    loadMemories();
  }

  function filtersBar() {
    const f = state.filters;
    const info = state.info || { statuses: STATUSES, memory_types: [] };
    const select = (name, values, prefix) => h("label", { class: "vm-field" },
      h("span", { class: "vm-field-label" }, t(`filter.${name}`)),
      h("select", { class: "vm-input", "data-test": `filter-${name}`,
        onchange: (e) => setFilter(name, e.target.value) },
      h("option", { value: "" }, t("filter.any")),
      values.map((v) => h("option", { value: v, selected: f[name] === v }, t(`${prefix}.${v}`)))));
    const input = (name) => h("label", { class: "vm-field" },
      h("span", { class: "vm-field-label" }, t(`filter.${name}`)),
      h("input", { class: "vm-input", type: "text", value: f[name], "data-test": `filter-${name}`,
        placeholder: t(`filter.${name}.hint`),
        onchange: (e) => setFilter(name, e.target.value.trim()) }));
    const scope = h("label", { class: "vm-field" },
      h("span", { class: "vm-field-label" }, t("filter.scope")),
      h("input", { class: "vm-input", type: "text", value: state.scope, "data-test": "filter-scope",
        placeholder: state.info ? state.info.scope : "",
        onchange: (e) => setScope(e.target.value.trim()) }));
    return h("div", { class: "vm-filters vm-card" },
      select("status", info.statuses, "status"),
      select("memory_type", info.memory_types, "type"),
      input("text"), input("topic_key"), input("category"), input("source"),
      dateField(t("filter.since"), f.since, "filter-since", (v) => setFilter("since", v)),
      dateField(t("filter.until"), f.until, "filter-until", (v) => setFilter("until", v)), scope,
      h("button", { class: "vm-btn vm-btn--ghost vm-filters-reset", type: "button",
        onclick: resetFilters }, t("filter.reset")));
  }

  /**
   * A date field in the UI's language. A native <input type=date> shows the browser's
   * locale (an English UI in a Chinese browser got 年/月/日), so this is a text field
   * taking YYYY-MM-DD, with the chosen day spelled out in the UI language beside it.
   */
  function dateField(label, value, test, onValue) {
    const locale = state.lang === "zh" ? "zh-CN" : "en";
    const spell = (v) => {
      const m = DATE_RE.exec(v);
      if (!m) return "";
      const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
      if (d.getUTCMonth() !== +m[2] - 1) return null;  // 2026-02-30 is no date
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })
        .format(d);
    };
    const shown = h("span", { class: "vm-date-shown vm-muted vm-small",
      "data-test": `${test}-shown` }, spell(value) || "");
    const input = h("input", { class: "vm-input vm-date", type: "text", value,
      inputmode: "numeric", autocomplete: "off", lang: locale, "data-test": test,
      placeholder: t("date.placeholder"), title: t("date.help"),
      onchange: (e) => {
        const v = e.target.value.trim();
        const spelled = v ? spell(v) : "";
        if (v && !spelled) {
          e.target.setAttribute("aria-invalid", "true");
          shown.textContent = t("date.invalid");
          return;
        }
        e.target.removeAttribute("aria-invalid");
        shown.textContent = spelled;
        onValue(v);
      } });
    return h("label", { class: "vm-field vm-field--date" },
      h("span", { class: "vm-field-label" }, label), input, shown);
  }

  function resetFilters() {
    for (const key of Object.keys(state.filters)) state.filters[key] = "";
    state.offset = 0;
    renderMain();
    loadMemories();
  }

  function setScope(scope) {
    state.scope = scope === (state.info && state.info.scope) ? "" : scope;
    state.selected.clear();
    state.offset = 0;
    renderHeader();
    refresh();
  }

  function statusBadge(status) {
    return h("span", { class: `vm-badge vm-badge--${status}` }, t(`status.${status}`));
  }

  function memoryTable() {
    const list = state.list;
    if (!list) return h("div", { class: "vm-card vm-loading" }, t("loading"));
    if (!list.items.length) return h("div", { class: "vm-card vm-empty" }, t("memories.empty"));
    const all = list.items.every((m) => state.selected.has(m.id));
    const head = h("tr", {},
      h("th", { class: "vm-col-check" }, h("input", { type: "checkbox", checked: all,
        "aria-label": t("select.all"), "data-test": "select-all",
        onchange: (e) => selectPage(e.target.checked) })),
      ["id", "status", "type", "topic", "content", "hits", "updated"].map((c) =>
        h("th", { class: `vm-col-${c}` }, t(`col.${c}`))));
    const rows = list.items.map((m) => h("tr", {
      class: `vm-row${state.selected.has(m.id) ? " is-selected" : ""}`, "data-id": m.id,
      "data-test": "memory-row", onclick: (e) => {
        if (!e.target.closest(".vm-col-check")) openDetail(m.id);
      },
    },
    h("td", { class: "vm-col-check" }, h("input", { type: "checkbox",
      checked: state.selected.has(m.id), "aria-label": t("select.one", { id: m.id }),
      onchange: (e) => toggleSelected(m.id, e.target.checked) })),
    h("td", { class: "vm-col-id" }, `#${m.id}`),
    h("td", {}, statusBadge(m.status)),
    h("td", { class: "vm-col-type" }, t(`type.${m.memory_type}`)),
    h("td", { class: "vm-col-topic" }, m.topic_key ? h("code", {}, m.topic_key) : "—"),
    h("td", { class: "vm-col-content", title: m.content }, m.content),
    h("td", { class: "vm-col-hits" }, m.hit_count),
    h("td", { class: "vm-col-updated" }, fmtTime(m.updated_at))));
    return h("div", { class: "vm-card vm-table-wrap" },
      h("table", { class: "vm-table", "data-test": "memory-table" },
        h("thead", {}, head), h("tbody", {}, rows)));
  }

  function pager() {
    const list = state.list;
    if (!list || !list.total) return null;
    const from = list.offset + 1;
    const to = Math.min(list.offset + list.items.length, list.total);
    const go = (offset) => {
      state.offset = offset;
      loadMemories();
    };
    return h("div", { class: "vm-pager" },
      h("span", { class: "vm-muted" }, t("pager.range", { from, to, total: list.total })),
      h("button", { class: "vm-btn vm-btn--ghost", type: "button", disabled: list.offset === 0,
        onclick: () => go(Math.max(0, list.offset - PAGE_SIZE)) }, t("pager.prev")),
      h("button", { class: "vm-btn vm-btn--ghost", type: "button", disabled: to >= list.total,
        onclick: () => go(list.offset + PAGE_SIZE) }, t("pager.next")));
  }

  function toggleSelected(id, on) {
    if (on) state.selected.add(id);
    else state.selected.delete(id);
    renderMain();
  }

  function selectPage(on) {
    for (const m of (state.list ? state.list.items : [])) {
      if (on) state.selected.add(m.id);
      else state.selected.delete(m.id);
    }
    renderMain();
  }

  function bulkBar() {
    const n = state.selected.size;
    if (!n) return null;
    const ids = [...state.selected];
    const action = h("select", { class: "vm-input", "data-test": "bulk-action",
      "aria-label": t("bulk.action"),
      onchange: (e) => {
        state.bulkAction = e.target.value;
        if (state.bulkAction === "merge" && !state.mergeText) {
          state.mergeText = ids.map((id) => (state.known.get(id) || {}).content || "")
            .filter(Boolean).join("\n");
        }
        renderMain();
      } },
    PLAN_ACTIONS.map((a) => h("option", { value: a, selected: state.bulkAction === a },
      t(`action.${a}`))));
    const reason = h("input", { class: "vm-input", type: "text", value: state.bulkReason,
      placeholder: t("plan.reason"), "data-test": "bulk-reason",
      oninput: (e) => { state.bulkReason = e.target.value; } });
    const merge = state.bulkAction === "merge" ? h("textarea", { class: "vm-input vm-bulk-merge",
      rows: 3, "data-test": "bulk-merge-text", placeholder: t("bulk.merge_text"),
      oninput: (e) => { state.mergeText = e.target.value; } }, state.mergeText) : null;
    return h("div", { class: "vm-bulk vm-card", "data-test": "bulk-bar" },
      h("strong", {}, t("bulk.selected", { n })),
      action, reason, merge,
      h("button", { class: "vm-btn vm-btn--primary", type: "button", "data-test": "create-plan",
        onclick: createPlanFromSelection }, t("bulk.create_plan")),
      h("button", { class: "vm-btn vm-btn--ghost", type: "button",
        onclick: () => { state.selected.clear(); renderMain(); } }, t("bulk.clear")));
  }

  async function createPlanFromSelection() {
    const body = { action: state.bulkAction, memory_ids: [...state.selected] };
    if (state.bulkReason.trim()) body.reason = state.bulkReason.trim();
    if (body.action === "merge") body.content = state.mergeText;
    const plan = await call(() => api.post("/plans", body));
    if (!plan) return;
    state.selected.clear();
    state.bulkReason = "";
    state.mergeText = "";
    renderMain();
    openPlanDialog(plan);
  }

  // -- views: search and explain --
  function viewSearch() {
    const r = state.results;
    const mode = h("select", { class: "vm-input vm-input--inline", "data-test": "search-mode",
      "aria-label": t("search.mode"),
      onchange: (e) => { state.mode = e.target.value; runSearch(); } },
    ["hybrid", "vector", "keyword"].map((m) => h("option", { value: m,
      selected: state.mode === m }, t(`mode.${m}`))));
    const head = h("div", { class: "vm-results-head" },
      h("h2", {}, t("search.results_for", { q: state.query })),
      h("div", { class: "vm-results-tools" }, mode,
        h("label", { class: "vm-check", title: t("search.gate_off.hint") },
          h("input", { type: "checkbox", checked: state.gateOff, "data-test": "gate-off",
            onchange: (e) => { state.gateOff = e.target.checked; runSearch(); } }),
          " ", t("search.gate_off")),
        h("button", { class: "vm-btn", type: "button", onclick: openExplain,
          "data-test": "explain" }, t("search.explain")),
        h("button", { class: "vm-btn vm-btn--ghost", type: "button",
          onclick: () => clearSearch() }, t("search.clear"))));
    if (!r) return [head, h("div", { class: "vm-card vm-loading" }, t("searching"))];
    if (!r.hits.length) {
      return [head, h("div", { class: "vm-card vm-empty", "data-test": "search-empty" },
        t("search.none"))];
    }
    const rows = r.hits.map((hit, i) => h("tr", { class: "vm-row", "data-id": hit.memory.id,
      "data-test": "search-hit", onclick: () => openDetail(hit.memory.id) },
    h("td", { class: "vm-col-rank" }, i + 1),
    h("td", { class: "vm-col-id" }, `#${hit.memory.id}`),
    h("td", { class: "vm-col-content" }, hit.memory.content),
    h("td", { class: "vm-num" }, fixed4(hit.score)),
    h("td", { class: "vm-num" }, fixed4(hit.cosine)),
    h("td", { class: "vm-num" }, dash(hit.keyword_rank)),
    h("td", { class: "vm-col-type" }, t(`type.${hit.memory.memory_type}`))));
    return [head, h("div", { class: "vm-card vm-table-wrap" },
      h("table", { class: "vm-table", "data-test": "search-results" },
        h("thead", {}, h("tr", {}, ["rank", "id", "content", "score", "cosine", "kw_rank", "type"]
          .map((c) => h("th", { class: `vm-col-${c}` }, t(`col.${c}`))))),
        h("tbody", {}, rows)))];
  }

  function viewExplain(x) {
    const terms = x.keyword_terms.length ? x.keyword_terms.map((w) => h("code", {}, w)) : "—";
    const rows = x.candidates.map((c) => h("tr", {
      class: c.included ? "is-included" : "is-excluded", "data-test": "explain-row" },
    h("td", { class: "vm-col-id" }, h("button", { class: "vm-link", type: "button",
      onclick: () => openDetail(c.memory_id) }, `#${c.memory_id}`)),
    h("td", { class: "vm-col-content", title: c.content }, c.content),
    h("td", { class: "vm-num" }, fixed4(c.cosine)),
    h("td", { class: "vm-num" }, dash(c.vector_rank)),
    h("td", { class: "vm-num" }, dash(c.keyword_rank)),
    h("td", { class: "vm-num" }, fixed4(c.fused)),
    h("td", { class: "vm-gate", "data-test": "explain-gate" }, gateVerdict(c)),
    h("td", {}, c.included ? h("span", { class: "vm-badge vm-badge--active" }, t("explain.in"))
      : h("span", { class: "vm-excluded" }, c.excluded_because && !c.gate
        ? c.excluded_because : t("explain.out")),
    c.context ? h("span", { class: "vm-context", "data-test": "explain-context" },
      " " + t("explain.context", { score: fixed4(c.context), id: c.context_from })) : "")));
    return [
      drawerHead(t("explain.title"), h("code", {}, x.query)),
      kvGrid([
        ["explain.model", `${dash(x.model)} · ${t("stat.dim", { dim: dash(x.dim) })}`],
        ["explain.k", x.k], ["explain.min_score", fixed4(x.min_score)],
        ["explain.fusion", x.fusion],
        ["explain.vector_candidates", x.vector_candidates],
        ["explain.keyword_candidates", x.keyword_candidates],
        ["explain.terms", terms],
      ]),
      gateSection(x.gate),
      section(t("explain.vector_head"), h("div", { class: "vm-vector" },
        x.query_vector_head.map((v) => h("code", {}, fixed4(v))))),
      section(t("explain.candidates"), x.candidates.length ? h("div", { class: "vm-table-wrap" },
        h("table", { class: "vm-table vm-table--compact", "data-test": "explain-table" },
          h("thead", {}, h("tr", {}, ["id", "content", "cosine", "v_rank", "kw_rank", "fused",
            "gate", "included"].map((c) => h("th", {}, t(`col.${c}`))))),
          h("tbody", {}, rows))) : h("p", { class: "vm-muted" }, t("explain.no_candidates"))),
      x.notes && x.notes.length ? section(t("explain.notes"),
        h("ul", { class: "vm-notes" }, x.notes.map((n) => h("li", {}, n)))) : null,
    ];
  }

  /** One candidate's gate verdict: pass/fail, the margin, and the arithmetic behind it. */
  function gateVerdict(c) {
    if (!c.gate) return h("span", { class: "vm-muted" }, "—");
    const passed = c.gate.startsWith("pass");
    return [h("span", { class: `vm-badge ${passed ? "vm-badge--active" : "vm-badge--archived"}` },
      t(passed ? "gate.pass" : "gate.fail")),
    c.relevance !== null && c.relevance !== undefined
      ? h("span", { class: "vm-num vm-small" }, ` ${t("gate.margin")} ${fixed4(c.relevance)}`)
      : null,
    h("div", { class: "vm-muted vm-small" }, c.gate.replace(/^(pass|fail): /, ""))];
  }

  function gateSection(g) {
    if (!g || !g.on) {
      return section(t("gate.title"), h("p", { class: "vm-muted", "data-test": "explain-gate-rule" },
        t("gate.off")));
    }
    const words = (list) => (list && list.length ? list.map((w) => h("code", {}, w)) : "—");
    return section(t("gate.title"),
      h("p", { class: "vm-small", "data-test": "explain-gate-rule" }, g.rule),
      kvGrid([
        ["gate.floor", g.floor === null || g.floor === undefined ? "—" : fixed4(g.floor)],
        ["gate.scope", dash(g.scope_memories)],
        ["gate.common", words(g.common_terms)],
        ["gate.searched", words(g.searched_terms)],
      ]));
  }

  // -- the drawer: detail and explain --
  function drawerHead(title, ...extra) {
    return h("div", { class: "vm-drawer-head" },
      h("h2", {}, title, ...extra),
      h("button", { class: "vm-btn vm-btn--ghost vm-icon-btn", type: "button",
        "aria-label": t("close"), "data-test": "drawer-close", onclick: closeDrawer },
      icon("close")));
  }

  function section(title, ...content) {
    return h("section", { class: "vm-section" }, h("h3", {}, title), ...content);
  }

  function kvGrid(pairs) {
    return h("dl", { class: "vm-kv" }, pairs.filter(Boolean).map(([key, value]) =>
      [h("dt", {}, t(key)), h("dd", {}, value === null || value === undefined ? "—" : value)]));
  }

  function renderDrawer() {
    const open = state.drawer !== null;
    els.drawer.hidden = !open;
    els.drawer.classList.toggle("vm-drawer--wide", state.drawer === "explain");
    els.scrim.hidden = !open;
    if (!open) {
      els.drawer.replaceChildren();
      return;
    }
    let content;
    if (state.drawer === "explain") {
      content = state.explanation ? viewExplain(state.explanation)
        : [drawerHead(t("explain.title")), h("p", { class: "vm-muted" }, t("loading"))];
    } else {
      content = state.detail && state.detail.memory.id === state.detailId
        ? viewDetail(state.detail)
        : [drawerHead(`#${state.detailId}`), h("p", { class: "vm-muted" }, t("loading"))];
    }
    els.drawer.replaceChildren(...[content].flat().filter(Boolean));
  }

  function closeDrawer() {
    state.drawer = null;
    state.detailId = null;
    state.detail = null;
    renderDrawer();
  }

  async function openDetail(id) {
    const fresh = state.detailId !== id;
    state.drawer = "detail";
    state.detailId = id;
    if (fresh) {
      state.detail = null;
      renderDrawer();
    }
    const detail = await call(() => api.get(`/memories/${id}`));
    if (state.detailId !== id) return;
    if (!detail) {
      closeDrawer();
      return;
    }
    state.detail = detail;
    renderDrawer();
  }

  function memoryChip(m, note) {
    return h("button", { class: "vm-chip", type: "button", onclick: () => openDetail(m.id),
      title: m.content },
    h("span", { class: "vm-chip-id" }, `#${m.id}`), statusBadge(m.status),
    h("span", { class: "vm-chip-text" }, m.content), note ? h("span", { class: "vm-muted" }, note)
      : null);
  }

  function viewDetail(d) {
    const m = d.memory;
    const actions = (ACTIONS_BY_STATUS[m.status] || []).map((a) => h("button", {
      class: `vm-btn ${DANGER.has(a) ? "vm-btn--danger-ghost" : "vm-btn--primary"}`,
      type: "button", "data-test": `detail-${a}`, onclick: () => previewAndRun(a, m.id),
    }, t(`action.${a}`)));
    const lin = d.lineage;
    const lineage = [
      lin.superseded_by.length ? h("div", { class: "vm-lineage-group" },
        h("div", { class: "vm-lineage-label" }, t("lineage.superseded_by")),
        lin.superseded_by.map((r) => memoryChip(r))) : null,
      lin.merged_from.length ? h("div", { class: "vm-lineage-group" },
        h("div", { class: "vm-lineage-label" }, t("lineage.merged_from")),
        lin.merged_from.map((r) => memoryChip(r))) : null,
      lin.supersedes.length ? h("div", { class: "vm-lineage-group" },
        h("div", { class: "vm-lineage-label" }, t("lineage.supersedes")),
        lin.supersedes.map((r) => memoryChip(r))) : null,
    ].filter(Boolean);
    const spo = [m.subject, m.predicate, m.object].filter(Boolean).join(" · ");
    return [
      drawerHead(`#${m.id}`, statusBadge(m.status)),
      h("blockquote", { class: "vm-detail-content", "data-test": "detail-content" }, m.content),
      actions.length ? h("div", { class: "vm-actions" }, actions) : null,
      kvGrid([
        ["col.type", t(`type.${m.memory_type}`)],
        ["col.topic", m.topic_key ? h("code", {}, m.topic_key) : null],
        ["detail.category", m.category], ["detail.source", m.source],
        spo ? ["detail.spo", spo] : null,
        ["detail.confidence", Number(m.confidence).toFixed(2)],
        ["detail.durability", m.durability], ["col.hits", m.hit_count],
        ["detail.created", fmtTime(m.created_at)], ["col.updated", fmtTime(m.updated_at)],
        ["detail.last_hit", fmtTime(m.last_hit_at)],
      ]),
      section(t("detail.lineage"), lineage.length ? lineage
        : h("p", { class: "vm-muted" }, t("lineage.none"))),
      d.same_topic.length ? section(t("detail.same_topic"),
        h("div", { class: "vm-chips" }, d.same_topic.map((r) => memoryChip(r)))) : null,
      section(t("detail.timeline"), timeline(d.events)),
    ];
  }

  function timeline(events) {
    if (!events.length) return h("p", { class: "vm-muted" }, t("timeline.empty"));
    return h("ol", { class: "vm-timeline", "data-test": "timeline" }, events.map((e) => {
      const changed = e.before_content && e.after_content && e.before_content !== e.after_content;
      const statuses = e.before_status || e.after_status
        ? `${e.before_status ? t(`status.${e.before_status}`) : "∅"} → ${
          e.after_status ? t(`status.${e.after_status}`) : "∅"}` : null;
      return h("li", { class: `vm-event vm-event--${e.action}`, "data-test": "event" },
        h("span", { class: "vm-event-dot", "aria-hidden": "true" }),
        h("div", { class: "vm-event-body" },
          h("div", { class: "vm-event-head" },
            h("strong", { class: "vm-event-action" }, t(`action.${e.action}`)),
            statuses ? h("span", { class: "vm-event-status" }, statuses) : null,
            h("span", { class: "vm-spacer" }),
            h("time", { class: "vm-muted", datetime: e.created_at }, fmtTime(e.created_at)),
            h("span", { class: "vm-muted" }, `#${e.event_id}`)),
          e.reason ? h("div", { class: "vm-event-reason" }, e.reason) : null,
          changed ? h("div", { class: "vm-diff" },
            h("del", {}, e.before_content), h("ins", {}, e.after_content)) : null,
          h("div", { class: "vm-event-meta" },
            e.actor ? h("span", {}, t("event.by", { who: e.actor })) : null,
            e.source ? h("span", {}, t("event.source", { source: e.source })) : null,
            e.related_ids.length ? h("span", { class: "vm-related" }, t("event.related"),
              e.related_ids.map((rid) => h("button", { class: "vm-link", type: "button",
                onclick: () => openDetail(rid) }, `#${rid}`))) : null,
            REVERTIBLE.has(e.action) ? h("button", { class: "vm-btn vm-btn--small vm-btn--ghost",
              type: "button", "data-test": "event-undo", onclick: () => previewRevert(e) },
            t("event.undo")) : null)));
    }));
  }

  // -- changes: always preview, then confirm --
  function previewView(p) {
    return h("div", { class: "vm-preview", "data-test": "preview" },
      h("div", { class: "vm-preview-status" },
        p.before_status ? statusBadge(p.before_status) : "∅", h("span", { class: "vm-arrow" }, "→"),
        p.after_status ? statusBadge(p.after_status) : "∅"),
      h("p", {}, p.reason),
      p.related_ids && p.related_ids.length
        ? h("p", { class: "vm-muted" }, t("preview.related",
          { ids: p.related_ids.map((i) => `#${i}`).join(", ") })) : null,
      h("p", { class: "vm-muted vm-small" }, t("preview.note")));
  }

  async function previewAndRun(action, id) {
    const preview = await call(() => api.post(`/memories/${id}/${action}/preview`));
    if (!preview) return;
    const reason = h("input", { class: "vm-input", type: "text", "data-test": "confirm-reason",
      placeholder: t("reason.optional") });
    const dlg = dialog({
      title: t("confirm.title", { action: t(`action.${action}`), id }),
      test: "confirm-dialog",
      body: [previewView(preview), h("label", { class: "vm-field vm-field--block" },
        h("span", { class: "vm-field-label" }, t("reason")), reason)],
      submitLabel: t(`action.${action}`),
      danger: DANGER.has(action),
      onSubmit: async () => {
        const body = reason.value.trim() ? { reason: reason.value.trim() } : {};
        const done = await call(() => api.post(`/memories/${id}/${action}`, body));
        if (!done) return;
        dlg.close();
        toast(t("done.status", { action: t(`action.${action}`), id }));
        await refresh();
      },
    });
  }

  async function previewRevert(event) {
    const preview = await call(() => api.post(`/events/${event.event_id}/revert/preview`));
    if (!preview) return;
    const dlg = dialog({
      title: t("confirm.revert", { id: event.event_id, action: t(`action.${event.action}`) }),
      test: "confirm-dialog",
      body: previewView(preview),
      submitLabel: t("event.undo"),
      danger: true,
      onSubmit: async () => {
        const done = await call(() => api.post(`/events/${event.event_id}/revert`));
        if (!done) return;
        dlg.close();
        toast(t("done.revert", { id: event.event_id }));
        await refresh();
      },
    });
  }

  // -- dialogs and toasts --
  function dialog({ title, body, submitLabel, onSubmit, danger = false, wide = false, test,
    cancelLabel }) {
    const submit = submitLabel ? h("button", { type: "submit", "data-test": "dialog-submit",
      class: `vm-btn ${danger ? "vm-btn--danger" : "vm-btn--primary"}` }, submitLabel) : null;
    let busy = false;
    const form = h("form", { class: "vm-dialog-form", novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        if (busy || !onSubmit) return;
        busy = true;
        if (submit) submit.disabled = true;
        try {
          await onSubmit();
        } finally {
          busy = false;
          if (submit) submit.disabled = false;
        }
      } },
    h("header", { class: "vm-dialog-head" }, h("h2", {}, title),
      h("button", { class: "vm-btn vm-btn--ghost vm-icon-btn", type: "button",
        "aria-label": t("close"), onclick: () => dlg.close() }, icon("close"))),
    h("div", { class: "vm-dialog-body" }, body),
    h("footer", { class: "vm-dialog-foot" },
      h("button", { class: "vm-btn vm-btn--ghost", type: "button", "data-test": "dialog-cancel",
        onclick: () => dlg.close() }, cancelLabel || t("cancel")), submit));
    const dlg = h("dialog", { class: `vm-dialog${wide ? " vm-dialog--wide" : ""}`,
      "data-test": test || "dialog" }, form);
    dlg.addEventListener("close", () => dlg.remove());
    root.append(dlg);
    dlg.showModal();
    const first = dlg.querySelector("input, textarea, select");
    if (first) first.focus();
    return { el: dlg, close: () => dlg.close(), setSubmitLabel: (text) => {
      if (submit) submit.textContent = text;
    } };
  }

  function toast(message, kind = "ok") {
    const el = h("div", { class: `vm-toast vm-toast--${kind}`,
      role: kind === "error" ? "alert" : "status", "data-test": `toast-${kind}` }, message);
    els.toasts.append(el);
    setTimeout(() => el.remove(), kind === "error" ? 7000 : 3500);
  }

  // -- add through the pipeline --
  function decisionView(r) {
    const related = r.related_ids && r.related_ids.length
      ? t("preview.related", { ids: r.related_ids.map((i) => `#${i}`).join(", ") }) : null;
    return h("div", { class: "vm-preview", "data-test": "add-preview" },
      h("div", { class: "vm-preview-status" },
        h("span", { class: `vm-badge vm-badge--decision-${r.decision}` },
          t(`decision.${r.decision}`)),
        r.memory_id ? h("span", { class: "vm-muted" }, `#${r.memory_id}`) : null,
        r.memory_type ? h("span", { class: "vm-muted" }, t(`type.${r.memory_type}`)) : null,
        r.topic_key ? h("code", {}, r.topic_key) : null),
      h("p", {}, r.reason), related ? h("p", { class: "vm-muted" }, related) : null);
  }

  function openAddDialog() {
    const text = h("textarea", { class: "vm-input", rows: 4, "data-test": "add-content",
      placeholder: t("add.placeholder") });
    const result = h("div", { class: "vm-add-result" },
      h("p", { class: "vm-muted vm-small" }, t("add.help")));
    // Add stays off while the preview of exactly this text says reject: the filter's
    // verdict is shown, and adding anyway would only write a reject_input event.
    let rejected = null;
    const gate = () => {
      const off = rejected !== null && rejected === text.value;
      dlg.el.querySelector("[data-test=dialog-submit]").disabled = off;
      dlg.el.querySelector("[data-test=dialog-submit]").title = off ? t("add.rejected_hint") : "";
    };
    text.addEventListener("input", gate);
    const preview = async () => {
      if (!text.value.trim()) return;
      const asked = text.value;
      const r = await call(() => api.post("/memories/preview", { content: asked }));
      if (!r) return;
      rejected = r.decision === "reject" ? asked : null;
      result.replaceChildren(h("div", { class: "vm-field-label" }, t("add.preview_is")),
        decisionView(r),
        rejected !== null ? h("p", { class: "vm-muted vm-small", "data-test": "add-blocked" },
          t("add.rejected_hint")) : null);
      gate();
    };
    const dlg = dialog({
      title: t("add.title"), test: "add-dialog",
      body: [text, h("div", { class: "vm-row-actions" },
        h("button", { class: "vm-btn", type: "button", "data-test": "add-preview-btn",
          onclick: preview }, t("add.preview"))), result],
      submitLabel: t("add.submit"),
      onSubmit: async () => {
        if (!text.value.trim()) return;
        const r = await call(() => api.post("/memories", { content: text.value }));
        if (!r) return;
        result.replaceChildren(h("div", { class: "vm-field-label" }, t("add.result_is")),
          decisionView(r));
        toast(t("add.done", { decision: t(`decision.${r.decision}`) }));
        text.value = "";
        await refresh();
        if (r.decision === "store" || r.decision === "duplicate") dlg.close();
      },
    });
  }

  // -- views: review queue --
  function viewReview() {
    const r = state.review;
    if (!r) return h("div", { class: "vm-card vm-loading" }, t("loading"));
    if (!r.items.length) {
      return h("div", { class: "vm-card vm-empty", "data-test": "review-empty" }, t("review.empty"));
    }
    return [h("p", { class: "vm-muted vm-intro" }, t("review.intro", { n: r.total })),
      h("div", { class: "vm-review-list" }, r.items.map(reviewCard))];
  }

  function reviewCard(entry) {
    const m = entry.item;
    const kindKey = `review.kind.${entry.kind}`;
    const kind = t(kindKey) === kindKey ? entry.kind : t(kindKey);
    const reason = entry.reason || (m.review_meta && m.review_meta.reason);
    return h("article", { class: "vm-card vm-review", "data-test": "review-item", "data-id": m.id },
      h("header", { class: "vm-review-head" },
        h("span", { class: "vm-badge vm-badge--review" }, kind),
        m.topic_key ? h("code", {}, m.topic_key) : null,
        h("span", { class: "vm-spacer" }),
        h("span", { class: "vm-muted" }, fmtTime(m.created_at))),
      h("div", { class: "vm-compare" },
        h("div", { class: "vm-compare-col vm-compare-new" },
          h("div", { class: "vm-compare-label" }, t("review.incoming"),
            h("button", { class: "vm-link", type: "button", onclick: () => openDetail(m.id) },
              `#${m.id}`)),
          h("p", { class: "vm-compare-text" }, m.content),
          entry.proposed_text ? [h("div", { class: "vm-compare-label" }, t("review.proposed")),
            h("p", { class: "vm-compare-text vm-compare-proposed" }, entry.proposed_text)] : null,
          h("div", { class: "vm-muted vm-small" }, t("event.source", { source: m.source }),
            entry.confidence !== null && entry.confidence !== undefined
              ? ` · ${t("detail.confidence")} ${Number(entry.confidence).toFixed(2)}` : "")),
        h("div", { class: "vm-compare-arrow", "aria-hidden": "true" }, "⇄"),
        h("div", { class: "vm-compare-col vm-compare-old" },
          h("div", { class: "vm-compare-label" }, t("review.existing")),
          entry.targets.length ? entry.targets.map((tg) => h("div", {
            class: `vm-compare-target${tg.status !== "active" ? " is-inactive" : ""}` },
          h("div", { class: "vm-compare-meta" },
            h("button", { class: "vm-link", type: "button", onclick: () => openDetail(tg.id) },
              `#${tg.id}`), statusBadge(tg.status)),
          h("p", { class: "vm-compare-text" }, tg.content),
          // The conflict was with a memory that has since been archived, superseded or
          // sent to review itself: approving no longer replaces anything live.
          tg.status !== "active" ? h("p", { class: "vm-alert vm-alert--warn vm-small",
            "data-test": "review-target-inactive" },
          t("review.target_inactive", { status: t(`status.${tg.status}`) })) : null))
            : h("p", { class: "vm-muted" }, t("review.no_targets")))),
      reason ? h("p", { class: "vm-review-reason" }, reason) : null,
      h("footer", { class: "vm-review-actions" },
        h("span", { class: "vm-muted vm-small" }, t("review.hint")),
        h("span", { class: "vm-spacer" }),
        h("button", { class: "vm-btn vm-btn--danger-ghost", type: "button",
          "data-test": "review-reject", onclick: () => previewAndRun("reject", m.id) },
        t("action.reject")),
        h("button", { class: "vm-btn vm-btn--primary", type: "button",
          "data-test": "review-approve", onclick: () => previewAndRun("approve", m.id) },
        t("action.approve"))));
  }

  // -- views: plans --
  function viewPlans() {
    const p = state.plans;
    const intro = h("p", { class: "vm-muted vm-intro" }, t("plans.intro"));
    if (!p) return [intro, h("div", { class: "vm-card vm-loading" }, t("loading"))];
    if (!p.items.length) {
      return [intro, h("div", { class: "vm-card vm-empty" }, t("plans.empty"))];
    }
    const rows = p.items.map((plan) => h("tr", { class: "vm-row", "data-test": "plan-row",
      "data-id": plan.id, onclick: () => showPlan(plan.id) },
    h("td", {}, h("code", {}, plan.id)),
    h("td", {}, h("span", { class: `vm-badge vm-badge--plan-${plan.status}` },
      t(`plan.status.${plan.status}`))),
    h("td", {}, fmtTime(plan.created_at)),
    h("td", { class: "vm-num" }, plan.summary.operations),
    h("td", {}, planSummaryText(plan)),
    h("td", { class: "vm-col-content" }, dash(plan.reason))));
    return [intro, h("div", { class: "vm-card vm-table-wrap" },
      h("table", { class: "vm-table", "data-test": "plans-table" },
        h("thead", {}, h("tr", {}, ["plan", "status", "created", "ops", "outcome", "reason"]
          .map((c) => h("th", {}, t(`col.${c}`))))),
        h("tbody", {}, rows)))];
  }

  function planSummaryText(plan) {
    const s = plan.summary;
    if (plan.status === "pending") {
      return s.refused_in_preview ? t("plan.refused_n", { n: s.refused_in_preview })
        : t("plan.ready");
    }
    return t("plan.outcome", { applied: s.applied ?? 0, skipped: s.skipped ?? 0 });
  }

  async function showPlan(id) {
    const plan = await call(() => api.get(`/plans/${id}`));
    if (plan) openPlanDialog(plan);
  }

  function opTarget(op) {
    if (op.memory_ids) return op.memory_ids.map((i) => `#${i}`).join(" + ");
    if (op.memory_id) return `#${op.memory_id}`;
    return "—";
  }

  function opPreview(op) {
    if (op.refused) return h("span", { class: "vm-excluded" }, op.refused);
    const p = op.preview;
    if (!p) return "—";
    if (p.decision) {
      return h("span", {}, h("span", { class: `vm-badge vm-badge--decision-${p.decision}` },
        t(`decision.${p.decision}`)), " ", p.reason);
    }
    return h("span", { class: "vm-preview-status" },
      p.before_status ? statusBadge(p.before_status) : "∅", h("span", { class: "vm-arrow" }, "→"),
      p.after_status ? statusBadge(p.after_status) : "∅");
  }

  function opResult(result) {
    if (!result) return "—";
    if (result.status === "applied") {
      return h("span", { class: "vm-badge vm-badge--active" }, t("plan.op_applied"));
    }
    return h("span", { class: "vm-excluded" }, `${t("plan.op_skipped")}: ${result.reason}`);
  }

  function planOpsTable(plan) {
    const results = new Map((plan.results || []).map((r) => [r.index, r]));
    const rows = plan.operations.map((op, i) => h("tr", { "data-test": "plan-op" },
      h("td", { class: "vm-num" }, i + 1),
      h("td", {}, t(`action.${op.action}`)),
      h("td", { class: "vm-col-id" }, opTarget(op)),
      h("td", { class: "vm-col-content" }, opContent(op)),
      h("td", {}, opPreview(op)),
      plan.results ? h("td", {}, opResult(results.get(op.index ?? i))) : null));
    return h("div", { class: "vm-table-wrap" },
      h("table", { class: "vm-table vm-table--compact", "data-test": "plan-ops" },
        h("thead", {}, h("tr", {}, ["n", "action", "target", "content", "preview",
          plan.results ? "result" : null].filter(Boolean)
          .map((c) => h("th", {}, t(`col.${c}`))))),
        h("tbody", {}, rows)));
  }

  function opContent(op) {
    if (op.content) return op.content;
    const ids = op.memory_ids || (op.memory_id ? [op.memory_id] : []);
    const texts = ids.map((id) => (state.known.get(id) || {}).content).filter(Boolean);
    return texts.length ? texts.join(" / ") : "—";
  }

  function openPlanDialog(plan) {
    const pending = plan.status === "pending";
    const head = h("div", { class: "vm-plan-head" },
      h("span", { class: `vm-badge vm-badge--plan-${plan.status}` },
        t(`plan.status.${plan.status}`)),
      h("span", { class: "vm-muted" }, fmtTime(plan.created_at)),
      h("span", {}, planSummaryText(plan)),
      plan.reason ? h("span", { class: "vm-muted" }, `— ${plan.reason}`) : null);
    if (!pending) {
      dialog({ title: t("plan.title", { id: plan.id }), test: "plan-dialog", wide: true,
        body: [head, planOpsTable(plan)], cancelLabel: t("close") });
      return;
    }
    const phrase = h("input", { class: "vm-input vm-phrase", type: "text", autocomplete: "off",
      spellcheck: "false", "data-test": "plan-phrase", placeholder: t("plan.phrase_placeholder"),
      "aria-describedby": "vm-phrase-help" });
    const error = h("div", { class: "vm-alert vm-alert--error", role: "alert", hidden: true,
      "data-test": "plan-error" });
    const dlg = dialog({
      title: t("plan.title", { id: plan.id }), test: "plan-dialog", wide: true, danger: true,
      submitLabel: t("plan.apply"), cancelLabel: t("plan.later"),
      body: [head, planOpsTable(plan),
        h("div", { class: "vm-confirm-box" },
          h("p", { id: "vm-phrase-help" }, t("plan.phrase_help")),
          state.info && state.info.confirm_phrase ? h("p", { class: "vm-phrase-shown" },
            t("plan.phrase_is"), " ", h("code", { "data-test": "plan-phrase-shown" },
              state.info.confirm_phrase)) : null,
          h("label", { class: "vm-field vm-field--block" },
            h("span", { class: "vm-field-label" }, t("plan.phrase")), phrase),
          error)],
      onSubmit: async () => {
        error.hidden = true;
        try {
          const applied = await api.post(`/plans/${plan.id}/apply`, { confirm: phrase.value });
          dlg.close();
          toast(t("plan.applied_toast", { id: plan.id, n: applied.summary.applied ?? 0 }));
          await refresh();
          openPlanDialog(applied);
        } catch (err) {
          const wrongPhrase = err instanceof ApiError && err.error === "ConfirmationError";
          error.textContent = wrongPhrase ? t("plan.wrong_phrase") : messageOf(err);
          error.hidden = false;
          phrase.focus();
          phrase.select();
        }
      },
    });
  }

  // -- views: the audit log --
  function setAuditFilter(name, value) {
    state.auditFilters[name] = value;
    state.auditOffset = 0;
    loadAudit();
  }

  function auditFilters() {
    const f = state.auditFilters;
    const actions = (state.info && state.info.event_actions) || [];
    const text = (name) => h("label", { class: "vm-field" },
      h("span", { class: "vm-field-label" }, t(`audit.${name}`)),
      h("input", { class: "vm-input", type: "text", value: f[name], "data-test": `audit-${name}`,
        placeholder: t(`audit.${name}.hint`),
        onchange: (e) => setAuditFilter(name, e.target.value.trim()) }));
    return h("div", { class: "vm-filters vm-card" },
      h("label", { class: "vm-field" },
        h("span", { class: "vm-field-label" }, t("audit.action")),
        h("select", { class: "vm-input", "data-test": "audit-action",
          onchange: (e) => setAuditFilter("action", e.target.value) },
        h("option", { value: "" }, t("filter.any")),
        actions.map((a) => h("option", { value: a, selected: f.action === a },
          t(`action.${a}`))))),
      text("actor"), text("source"),
      dateField(t("audit.since"), f.since, "audit-since", (v) => setAuditFilter("since", v)),
      dateField(t("audit.until"), f.until, "audit-until", (v) => setAuditFilter("until", v)),
      h("button", { class: "vm-btn vm-btn--ghost", type: "button", "data-test": "audit-rejected",
        onclick: () => setAuditFilter("action", "reject_input") }, t("audit.only_rejected")),
      h("button", { class: "vm-btn vm-btn--ghost vm-filters-reset", type: "button",
        onclick: () => {
          for (const key of Object.keys(f)) f[key] = "";
          state.auditOffset = 0;
          renderMain();
          loadAudit();
        } }, t("filter.reset")));
  }

  function auditRow(e) {
    const statuses = e.before_status || e.after_status
      ? `${e.before_status ? t(`status.${e.before_status}`) : "∅"} → ${
        e.after_status ? t(`status.${e.after_status}`) : "∅"}` : "";
    const content = e.after_content || e.before_content || "";
    const rejected = e.action === "reject_input";
    return h("tr", { class: `vm-row${rejected ? " vm-row--rejected" : ""}`,
      "data-test": "audit-row", "data-action": e.action },
    h("td", { class: "vm-muted" }, h("time", { datetime: e.created_at }, fmtTime(e.created_at))),
    h("td", {}, h("span", { class: `vm-badge vm-badge--event-${e.action}` },
      t(`action.${e.action}`)), statuses ? h("div", { class: "vm-muted vm-small" }, statuses)
      : null),
    h("td", { class: "vm-col-id" }, e.memory_id ? h("button", { class: "vm-link", type: "button",
      onclick: () => openDetail(e.memory_id) }, `#${e.memory_id}`) : "—"),
    h("td", { class: "vm-col-content" }, content || "—"),
    h("td", { class: "vm-col-content", "data-test": "audit-reason" }, dash(e.reason)),
    h("td", {}, dash(e.source)),
    h("td", {}, dash(e.actor)));
  }

  function viewAudit() {
    const a = state.audit;
    const intro = h("p", { class: "vm-muted vm-intro" }, t("audit.intro"));
    if (!a) return [intro, auditFilters(), h("div", { class: "vm-card vm-loading" }, t("loading"))];
    const table = a.items.length ? h("div", { class: "vm-card vm-table-wrap" },
      h("table", { class: "vm-table", "data-test": "audit-table" },
        h("thead", {}, h("tr", {}, ["time", "action", "memory", "content", "reason", "source",
          "actor"].map((c) => h("th", {}, t(`audit.col.${c}`))))),
        h("tbody", {}, a.items.map(auditRow))))
      : h("div", { class: "vm-card vm-empty", "data-test": "audit-empty" }, t("audit.empty"));
    const prev = state.auditOffset > 0;
    const next = a.items.length === PAGE_SIZE;
    const nav = h("div", { class: "vm-pager" },
      h("button", { class: "vm-btn", type: "button", disabled: !prev, onclick: () => {
        state.auditOffset = Math.max(0, state.auditOffset - PAGE_SIZE);
        loadAudit();
      } }, t("pager.prev")),
      h("span", { class: "vm-muted" }, t("audit.page", { from: state.auditOffset + 1,
        to: state.auditOffset + a.items.length })),
      h("button", { class: "vm-btn", type: "button", disabled: !next, onclick: () => {
        state.auditOffset += PAGE_SIZE;
        loadAudit();
      } }, t("pager.next")),
      a.complete === false ? h("span", { class: "vm-muted vm-small" },
        t("audit.incomplete", { n: a.scanned })) : null);
    return [intro, auditFilters(), table, nav];
  }

  // -- views: the recall log --
  function recallItem(it) {
    const scores = [
      `${t("col.score")} ${fixed4(it.score)}`,
      it.cosine !== undefined ? `${t("col.cosine")} ${fixed4(it.cosine)}` : null,
      it.relevance !== undefined ? `${t("gate.margin")} ${fixed4(it.relevance)}` : null,
      it.coverage !== undefined ? `${t("gate.coverage")} ${Number(it.coverage).toFixed(2)}`
        : null,
    ].filter(Boolean).join(" · ");
    return h("li", { "data-test": "recall-item" },
      memoryChip({ id: it.memory_id, content: it.content || "—", status: it.status },
        scores));
  }

  function recallCard(e) {
    const query = e.query !== null && e.query !== undefined ? e.query
      : t("recalls.hashed", { hash: e.query_hash });
    return h("div", { class: "vm-card vm-recall", "data-test": "recall-row",
      "data-session": e.session, "data-turn": e.turn },
    h("div", { class: "vm-recall-head" },
      h("time", { class: "vm-muted", datetime: e.created_at }, fmtTime(e.created_at)),
      h("span", { class: "vm-badge" }, t("recalls.turn", { session: e.session, turn: e.turn })),
      h("span", { class: "vm-muted vm-small" }, t("recalls.via", { front: e.front_end })),
      e.gate ? null : h("span", { class: "vm-badge vm-badge--review" }, t("gate.off_short"))),
    h("p", { class: "vm-recall-query", "data-test": "recall-query" }, query),
    e.items.length ? h("ul", { class: "vm-recall-items" }, e.items.map(recallItem))
      : h("p", { class: "vm-muted", "data-test": "recall-nothing" }, t("recalls.nothing")));
  }

  function viewRecalls() {
    const r = state.recalls;
    const intro = h("p", { class: "vm-muted vm-intro" }, t("recalls.intro"));
    const filter = h("div", { class: "vm-filters vm-card" },
      h("label", { class: "vm-field" },
        h("span", { class: "vm-field-label" }, t("recalls.session")),
        h("input", { class: "vm-input", type: "text", value: state.recallSession,
          "data-test": "recalls-session", onchange: (e) => {
            state.recallSession = e.target.value.trim();
            state.recallOffset = 0;
            loadRecalls();
          } })));
    if (!r) return [intro, filter, h("div", { class: "vm-card vm-loading" }, t("loading"))];
    if (!r.items.length) {
      return [intro, filter, h("div", { class: "vm-card vm-empty", "data-test": "recalls-empty" },
        t("recalls.empty"))];
    }
    const nav = h("div", { class: "vm-pager" },
      h("button", { class: "vm-btn", type: "button", disabled: state.recallOffset === 0,
        onclick: () => {
          state.recallOffset = Math.max(0, state.recallOffset - PAGE_SIZE);
          loadRecalls();
        } }, t("pager.prev")),
      h("button", { class: "vm-btn", type: "button", disabled: r.items.length < PAGE_SIZE,
        onclick: () => {
          state.recallOffset += PAGE_SIZE;
          loadRecalls();
        } }, t("pager.next")));
    return [intro, filter, ...r.items.map(recallCard), nav];
  }

  // -- views: health and cleanup --
  function fmtBytes(n) {
    if (n === null || n === undefined) return "—";
    const units = [["GB", 1024 ** 3], ["MB", 1024 ** 2], ["KB", 1024]];
    for (const [unit, scale] of units) if (n >= scale) return `${(n / scale).toFixed(1)} ${unit}`;
    return `${n} B`;
  }

  function flagList(flags) {
    if (!flags.length) return h("p", { class: "vm-muted" }, t("health.no_flags"));
    return h("ul", { class: "vm-flags", "data-test": "health-flags" }, flags.map((name) => {
      const key = `flag.${name}`;
      return h("li", { class: "vm-flag" }, h("code", {}, name),
        h("span", {}, t(key) === key ? "" : t(key)));
    }));
  }

  function metric(label, value, sub, onclick) {
    return h(onclick ? "button" : "div", { class: "vm-metric", type: onclick ? "button" : null,
      onclick },
    h("span", { class: "vm-stat-label" }, label),
    h("span", { class: "vm-metric-value" }, value),
    sub ? h("span", { class: "vm-stat-sub" }, sub) : null);
  }

  function consistencyView(c) {
    return h("div", { class: "vm-consistency" },
      h("div", { class: c.ok ? "vm-ok" : "vm-bad" },
        c.ok ? t("stat.consistent") : t("stat.problems", { n: c.problems.length })),
      h("div", { class: "vm-muted vm-small" }, t("stat.consistency_sub",
        { m: c.memories, v: c.vectors_current_model ?? c.vectors, k: c.keyword_index })),
      c.problems.length ? h("ul", { class: "vm-notes" }, c.problems.map((p) => h("li", {}, p)))
        : null);
  }

  function viewHealth() {
    const r = state.health;
    const windows = [24, 72, 168, 720];
    const tools = h("label", { class: "vm-field vm-field--inline" },
      h("span", { class: "vm-field-label" }, t("health.window")),
      h("select", { class: "vm-input vm-input--inline", "data-test": "health-window",
        onchange: (e) => { state.healthWindow = Number(e.target.value); loadHealth(); } },
      windows.map((w) => h("option", { value: w, selected: state.healthWindow === w },
        t("health.hours", { n: w })))));
    if (!r) return h("div", { class: "vm-card vm-loading" }, t("loading"));
    const added = Object.values(r.new_records).reduce((a, b) => a + b, 0);
    const breakdown = Object.entries(r.new_records).sort()
      .map(([action, n]) => `${t(`action.${action}`)} ${n}`).join(" · ");
    const e = r.embedder;
    const embNotes = [e.fallback ? t("stat.fallback") : null,
      e.degraded ? t("health.degraded") : null].filter(Boolean).join(" · ");
    return [
      h("div", { class: "vm-card vm-health-head" },
        h("span", { class: `vm-health-status vm-health--${r.status}`, "data-test": "health-status" },
          t(`health.status.${r.status}`)),
        h("span", { class: "vm-muted" }, t(`health.explain.${r.status}`)),
        h("span", { class: "vm-spacer" }), tools),
      h("div", { class: "vm-card" }, h("h3", {}, t("health.flags")), flagList(r.flags)),
      h("div", { class: "vm-metrics" },
        metric(t("health.new_records", { n: r.window_hours }), added, breakdown || null),
        metric(t("stat.review"), r.review_queue, null, () => switchTab("review")),
        metric(t("health.cleanup"), r.cleanup_candidates, null, () => switchTab("cleanup")),
        metric(t("health.pending_plans"), r.pending_plans, null, () => switchTab("plans")),
        metric(t("health.size"), fmtBytes(r.size_bytes)),
        metric(t("stat.model"), e.model, [t("stat.dim", { dim: e.dim }), e.provider, embNotes]
          .filter(Boolean).join(" · "))),
      h("div", { class: "vm-card vm-split" },
        h("div", {}, h("h3", {}, t("health.conflicts")), r.topic_conflicts.length
          ? h("ul", { class: "vm-conflicts" }, r.topic_conflicts.map((c) => h("li", {},
            h("code", {}, c.topic_key), " ", c.ids.map((id) => h("button", { class: "vm-link",
              type: "button", onclick: () => openDetail(id) }, `#${id}`)))))
          : h("p", { class: "vm-muted" }, t("health.no_conflicts"))),
        h("div", {}, h("h3", {}, t("stat.consistency")), consistencyView(r.consistency))),
      e.last_error ? h("div", { class: "vm-alert vm-alert--error" }, e.last_error) : null,
    ];
  }

  function candidateReason(c) {
    const key = c.kind === "active_context"
      ? (c.detail && c.detail.current !== undefined ? "cleanup.reason.ac_more"
        : "cleanup.reason.ac_old")
      : `cleanup.reason.${c.kind}`;
    const text = t(key, c.detail || {});
    return text === key ? c.reason : text;
  }

  function viewCleanup() {
    const r = state.cleanup;
    if (!r) return h("div", { class: "vm-card vm-loading" }, t("loading"));
    const memoryCandidates = r.candidates.filter((c) => c.content !== null);
    const makePlan = async () => {
      const plan = await call(() => api.post("/cleanup/plan"));
      if (plan) openPlanDialog(plan);
    };
    const rows = r.candidates.map((c) => h("tr", {
      class: c.content !== null ? "vm-row" : "", "data-test": "cleanup-row",
      onclick: c.content !== null ? () => openDetail(c.memory_id) : null },
    h("td", {}, h("span", { class: "vm-badge vm-badge--review" }, t(`cleanup.kind.${c.kind}`))),
    h("td", { class: "vm-col-id" }, `#${c.memory_id}`),
    h("td", {}, c.status ? statusBadge(c.status) : "—"),
    h("td", { class: "vm-col-content" }, dash(c.content)),
    h("td", {}, candidateReason(c))));
    return [
      h("div", { class: "vm-card vm-cleanup-head" },
        h("div", {}, h("h3", {}, t("cleanup.title")),
          h("p", { class: "vm-muted" }, t("cleanup.intro"))),
        h("span", { class: "vm-spacer" }),
        memoryCandidates.length ? h("button", { class: "vm-btn vm-btn--primary", type: "button",
          "data-test": "cleanup-plan", onclick: makePlan },
        t("cleanup.make_plan", { n: memoryCandidates.length })) : null),
      r.candidates.length ? h("div", { class: "vm-card vm-table-wrap" },
        h("table", { class: "vm-table", "data-test": "cleanup-table" },
          h("thead", {}, h("tr", {}, ["kind", "id", "status", "content", "why"]
            .map((c) => h("th", {}, t(`col.${c}`))))),
          h("tbody", {}, rows)))
        : h("div", { class: "vm-card vm-empty", "data-test": "cleanup-empty" }, t("cleanup.none")),
      h("div", { class: "vm-card vm-split" },
        h("div", {}, h("h3", {}, t("stat.review")),
          h("button", { class: "vm-link vm-big-link", type: "button",
            onclick: () => switchTab("review") }, t("cleanup.backlog", { n: r.review_backlog }))),
        h("div", {}, h("h3", {}, t("stat.consistency")), consistencyView(r.consistency))),
    ];
  }

  // -- lifecycle --
  function onKey(e) {
    if (e.key === "Escape" && state.drawer && !root.querySelector("dialog[open]")) closeDrawer();
  }

  document.addEventListener("keydown", onKey);
  if (media && media.addEventListener) media.addEventListener("change", onSystemTheme);
  buildShell();
  loadInfo().then(() => { renderMain(); return refresh(); });

  return {
    refresh,
    destroy() {
      clearTimeout(searchTimer);
      document.removeEventListener("keydown", onKey);
      if (media && media.removeEventListener) media.removeEventListener("change", onSystemTheme);
      root.replaceChildren();
    },
  };
}
