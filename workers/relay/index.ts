// The relay Worker's entry: it exports the Relay Durable Object (relay.ts); the
// gateway places subscriber sockets on relays and the Hive feeds them. Nothing
// reaches this Worker over HTTP.
import { errorBody } from "../../shared/base/errors.ts";

export { Relay } from "./relay.ts";

export default {
  fetch: () =>
    Response.json(
      errorBody(
        "NOT_FOUND",
        "lethe-relay serves no HTTP routes",
        "connect to the gateway's /parties/hive/<hive>",
      ),
      { status: 404 },
    ),
} satisfies ExportedHandler;
