// Entering orders by clicking: the per-ruleset part is the ruleset's
// controller, an ES module each ruleset crate ships and the host serves at
// /rulesets/{name}/controller.js. A controller knows which board things its
// seat may pick, what buttons a picked thing offers, and how the orders
// become the ruleset's JSON orders. Rulesets without a controller get a JSON
// text box (any ruleset's JSON orders work there too).

const loaded = new Map();

/** The controller of `ruleset`, or null (then orders are typed as JSON). */
export async function controllerFor(ruleset) {
  if (!ruleset) return null;
  if (!loaded.has(ruleset)) {
    loaded.set(ruleset, import(`/rulesets/${encodeURIComponent(ruleset)}/controller.js`)
      .then((m) => m.default || null)
      .catch(() => null));
  }
  return loaded.get(ruleset);
}

/**
 * Which pending order an error detail is about, or -1: `orders[2]`,
 * `ships[0].move`, `[1]`, or (for orders checked as a file) `line 3`.
 */
export function detailIndex(detail, count) {
  const f = detail.field ? /^(?:[a-z_]+)?\[(\d+)\]/i.exec(detail.field) : null;
  if (f) return Number(f[1]) < count ? Number(f[1]) : -1;
  if (!detail.field && Number.isInteger(detail.line) && detail.line >= 1 && detail.line <= count) return detail.line - 1;
  return -1;
}
