import { describe, it } from "vitest";
import { COMMANDS, main, splitGlobals } from "../../cli/lethe.ts";
import { packageVersion } from "../../cli/version.ts";

async function run(argv: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

describe("lethe CLI", () => {
  it("takes global options wherever they appear", ({ expect }) => {
    expect(splitGlobals(["artifacts", "demo", "--url", "http://x", "--kind=fact"])).toEqual({
      globals: { url: "http://x" },
      rest: ["artifacts", "demo", "--kind=fact"],
    });
    expect(splitGlobals(["--key=k", "hive", "create", "a"])).toEqual({
      globals: { key: "k" },
      rest: ["hive", "create", "a"],
    });
  });

  it("prints the package version and every command's usage with --help", async ({ expect }) => {
    const version = await run(["--version"]);
    expect(version).toMatchObject({ code: 0, out: [packageVersion()] });
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
    for (const [name, command] of Object.entries(COMMANDS)) {
      const help = await run([name, "--help"]);
      expect(help).toMatchObject({ code: 0, out: [`usage: lethe ${command.usage}`], err: [] });
    }
  });

  it("prints usage and fails without a command", async ({ expect }) => {
    const r = await run([]);
    expect(r.code).toBe(1);
    expect(r.out.join("\n")).toContain("hive create <name>");
  });

  it("answers every mistake with one line saying what to do", async ({ expect }) => {
    const cases = [
      await run(["bogus"]),
      await run(["artifacts", "demo"]),
      await run(["hive", "create", "demo"]),
      await run(["hive", "delete", "demo"], { LETHE_ADMIN_TOKEN: "t" }),
      await run(["artifacts", "demo", "--url", "http://127.0.0.1:1"], { LETHE_KEY: "k" }),
      await run(["artifacts", "demo", "--no-such-flag"], { LETHE_KEY: "k" }),
      await run(["follow", "demo", "--since", "0:3;rm"], { LETHE_KEY: "k" }),
    ];
    for (const r of cases) {
      expect(r.code).toBe(1);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/^lethe: .+ \(.+\)$/);
    }
    expect(cases[0]?.err[0]).toContain('unknown command "bogus"');
    expect(cases[1]?.err[0]).toContain("LETHE_KEY");
    expect(cases[2]?.err[0]).toContain("LETHE_ADMIN_TOKEN");
    expect(cases[4]?.err[0]).toContain("cannot reach the gateway");
    // A --since that is neither a seq nor a seq per shard, refused before any request.
    expect(cases[6]?.err[0]).toContain("INVALID_SINCE");
    expect(cases[6]?.err[0]).toContain("0:12,1:7");
  });
});
