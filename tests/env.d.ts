// Test-only bindings, added to the generated Env (both names wrangler declares).
type TestBindings = { TEST_MIGRATIONS: import("cloudflare:test").D1Migration[] };
interface Env extends TestBindings {}
declare namespace Cloudflare {
  interface Env extends TestBindings {}
}
