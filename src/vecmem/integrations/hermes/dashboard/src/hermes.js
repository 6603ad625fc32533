// Hermes glue, appended to the dashboard UI by build.py: register the vecmem tab.
// Requests go through the SDK's fetchJSON, so Hermes' own session auth applies; the
// plugin never reads Hermes' session token itself.

const SDK = window.__HERMES_PLUGIN_SDK__;
const PLUGINS = window.__HERMES_PLUGINS__;
const API_BASE = "/api/plugins/vecmem";

async function hermesRequest(method, path, { params, body } = {}) {
  const query = new URLSearchParams(params || {}).toString();
  const init = { method };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  try {
    return await SDK.fetchJSON(`${API_BASE}${path}${query ? `?${query}` : ""}`, init);
  } catch (err) {
    // fetchJSON throws Error("<status>: <body>"); recover vecmem's {error, message}.
    const match = /^(\d{3}): ([\s\S]*)$/.exec(String(err && err.message));
    if (!match) throw err;
    let data = null;
    try {
      data = JSON.parse(match[2]);
    } catch {
      data = null;
    }
    throw new ApiError(Number(match[1]), data && data.error,
      (data && (data.message || data.detail)) || match[2]);
  }
}

function VecmemTab() {
  const ref = SDK.hooks.useRef(null);
  SDK.hooks.useEffect(() => {
    const app = mountApp(ref.current, { request: hermesRequest, embedded: true });
    return () => app.destroy();
  }, []);
  return SDK.React.createElement("div", { ref, className: "vm-hermes-root" });
}

if (SDK && PLUGINS) PLUGINS.register("vecmem", VecmemTab);
