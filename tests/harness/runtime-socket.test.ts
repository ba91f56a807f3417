// harness/runtime-socket.ts: the LISTEN rows of /proc/<pid>/net/tcp read as
// IPv4 addresses and ports, and no socket found for a process group with no
// workerd in it (the live lookup runs in tests/reliability/model-endpoint.test.ts).
import { describe, it } from "vitest";
import { parseListeningTcp, runtimeListeningSockets } from "../../harness/runtime-socket.ts";

// Rows as Linux prints them (trailing columns trimmed): a listener on
// 127.0.0.1:33909, one on 0.0.0.0:8080, and an established connection.
const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:8475 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 20780 1 0000000000000000 100 0 0 10 0
   1: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 311 1 0000000000000000 100 0 0 10 0
   2: 0100007F:8475 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000  1000        0 20990 1 0000000000000000 20 4 30 10 -1
`;

describe("runtime-socket", () => {
  it("reads the LISTEN rows of a /proc net/tcp table as address, port and inode", ({ expect }) => {
    expect(parseListeningTcp(TABLE)).toEqual([
      { inode: 20780, host: "127.0.0.1", port: 33909 },
      { inode: 311, host: "0.0.0.0", port: 8080 },
    ]);
    expect(parseListeningTcp("")).toEqual([]);
  });

  it("finds no socket in a process group without workerd", ({ expect }) => {
    expect(runtimeListeningSockets(process.pid)).toEqual([]);
    expect(runtimeListeningSockets(2 ** 30)).toEqual([]);
  });
});
