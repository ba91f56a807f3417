import { describe, it } from "vitest";
import { validateArguments } from "../../../shared/gatekeeper/arguments.ts";
import { DOMAINS, TOOL_CATALOGUE, toolDefinition } from "../../../shared/tools/catalogue.ts";

describe("the tool catalogue", () => {
  it("lists every tool of the agent loop once, each in a known domain", ({ expect }) => {
    const names = TOOL_CATALOGUE.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        "stage_context",
        "unstage_context",
        "save_artifact",
        "search",
        "find_definitions",
        "find_callers",
        "find_imports",
        "read_ref",
        "calculate",
        "write_file",
        "apply_patch",
        "compare",
        "ask_human",
        "finish",
      ]),
    );
    const domains = new Set(DOMAINS.map((d) => d.name));
    expect(TOOL_CATALOGUE.every((t) => domains.has(t.domain))).toBe(true);
  });

  it.for(TOOL_CATALOGUE.map((t) => [t.name, t] as const))(
    "validates the example of %s",
    ([, tool], { expect }) => {
      expect(tool.schema.safeParse(tool.example).success).toBe(true);
    },
  );

  it.for(TOOL_CATALOGUE.map((t) => [t.name, t] as const))(
    "exports %s as an OpenAI function with an object JSON Schema",
    ([, tool], { expect }) => {
      const definition = toolDefinition(tool);
      expect(definition.type).toBe("function");
      expect(definition.function.parameters).toMatchObject({ type: "object" });
      expect(definition.function.parameters).not.toHaveProperty("$schema");
      for (const field of tool.pathFields) {
        expect(definition.function.parameters).toHaveProperty(["properties", field]);
      }
    },
  );

  it("sends the model no schema detail it cannot use: bounds, key types, bare-type unions", ({
    expect,
  }) => {
    const sent = JSON.stringify(TOOL_CATALOGUE.map(toolDefinition));
    expect(sent).not.toMatch(
      /"(maxLength|maximum|maxItems|minimum|pattern|default|propertyNames)":/,
    );
    const spec = TOOL_CATALOGUE.find((t) => t.name === "save_artifact");
    if (spec === undefined) {
      throw new Error("save_artifact is in the catalogue");
    }
    const save = toolDefinition(spec);
    expect(save.function.parameters).toMatchObject({
      properties: { value: { type: ["string", "number", "boolean", "object"] } },
    });
    // additionalProperties is not sent; the gatekeeper still refuses an unknown field.
    expect(sent).not.toContain(`"additionalProperties":false`);
    expect(spec.schema.safeParse({ key: "k", value: 1, extra: true }).success).toBe(false);
    expect(JSON.stringify(save)).not.toContain("anyOf");
    // The gatekeeper still applies what the model is not sent.
    expect(spec.schema.safeParse({ key: "Bad Key", value: 1 }).success).toBe(false);
  });

  it("refuses what the model is not sent with a hint that names the rule", ({ expect }) => {
    const save = TOOL_CATALOGUE.find((t) => t.name === "save_artifact");
    if (save === undefined) {
      throw new Error("save_artifact is in the catalogue");
    }
    const badKey = validateArguments(save, { key: "Fact 05", value: 1 });
    expect(badKey.ok).toBe(false);
    expect(badKey.ok ? "" : badKey.message).toContain(
      "a key is lowercase letters, digits and _.:/-",
    );
    const extra = validateArguments(save, { key: "fact_05", value: 1, note: "x" });
    expect(extra.ok ? "" : `${extra.message} ${extra.hint ?? ""}`).toMatch(
      /note[\s\S]*the fields are key, value/,
    );
  });

  it("refuses a stage_context call that names nothing, or a ref with a path", ({ expect }) => {
    const stage = TOOL_CATALOGUE.find((t) => t.name === "stage_context");
    expect(stage?.schema.safeParse({}).success).toBe(false);
    expect(stage?.schema.safeParse({ ref: "ref:1", path: "a" }).success).toBe(false);
    expect(stage?.schema.safeParse({ symbol: "f", path: "src/a.ts" }).success).toBe(true);
  });
});
