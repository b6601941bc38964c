import { describe, expect, it } from "vitest";
import { buildQuestions } from "../questions/constructors";
import { CreateRequestSchema, LIMITS } from "../questions/schemas";
import { AskHumanInputSchema, TOOL_FORMATS, toolSchema, type ToolFormat } from "./tool-schema";

type Json = Record<string, unknown>;

function inputSchemaOf(format: ToolFormat): Json {
  if (format === "openai") return toolSchema("openai").function.parameters;
  if (format === "anthropic") return toolSchema("anthropic").input_schema;
  return toolSchema("mcp").inputSchema;
}

/** Every property name declared anywhere in a JSON Schema. */
function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames);
  if (!schema || typeof schema !== "object") return [];
  const own = "properties" in schema && schema.properties && typeof schema.properties === "object" ? Object.keys(schema.properties) : [];
  return [...own, ...Object.values(schema).flatMap(propertyNames)];
}

const sample = {
  title: "Pick the database",
  context: "The service needs persistence.",
  questions: [
    { id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite", description: "Embedded." }] },
    { id: "notes", header: "Notes", prompt: "Anything else?", kind: "freeform" },
  ],
  timeoutSeconds: 600,
};

describe("ask_human tool schema", () => {
  it("has the OpenAI function-tool shape", () => {
    const tool = toolSchema("openai");
    expect(tool.type).toBe("function");
    expect(tool.function.name).toBe("ask_human");
    expect(tool.function.description).toMatch(/secret/i);
    expect(tool.function.parameters.type).toBe("object");
    expect(typeof tool.function.strict).toBe("boolean");
  });

  it("has the Anthropic shape", () => {
    const tool = toolSchema("anthropic");
    expect(Object.keys(tool).sort()).toEqual(["description", "input_schema", "name"]);
    expect(tool.name).toBe("ask_human");
    expect(tool.input_schema.type).toBe("object");
  });

  it("has the MCP shape", () => {
    const tool = toolSchema("mcp");
    expect(tool.name).toBe("ask_human");
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.inputSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(tool.annotations.readOnlyHint).toBe(false);
  });

  it.each(TOOL_FORMATS)("%s: only the model_tool subset, inline, questions capped at 3", (format) => {
    const schema = inputSchemaOf(format);
    const names = propertyNames(schema);
    for (const banned of ["secret", "source", "agent", "mode", "allowCustom", "action", "allowAlways", "allowEdit"]) expect(names).not.toContain(banned);
    expect(JSON.stringify(schema)).not.toContain("approval");
    expect(Object.keys(schema.properties as Json).sort()).toEqual(["context", "questions", "timeoutSeconds", "title"]);
    expect(schema.required).toEqual(["questions"]);
    expect(JSON.stringify(schema)).not.toContain("$ref");
    const questions = (schema.properties as Record<string, Json>).questions!;
    expect(questions).toMatchObject({ type: "array", minItems: 1, maxItems: LIMITS.model_tool.maxQuestions });
    expect(LIMITS.model_tool.maxQuestions).toBe(3);
    const options = ((questions.items as Json).properties as Record<string, Json>).options;
    expect(options).toMatchObject({ minItems: 2, maxItems: 6 });
  });

  it("returns a fresh object each call", () => {
    const a = toolSchema("anthropic");
    (a.input_schema as Json).mutated = true;
    expect(toolSchema("anthropic").input_schema).not.toHaveProperty("mutated");
  });

  it("accepts a sample call that the API then accepts as a model_tool request", () => {
    const input = AskHumanInputSchema.parse(sample);
    const body = CreateRequestSchema.parse({ ...input, agent: { name: "test-agent" } });
    expect(body.source).toBe("model_tool");
    expect(() => buildQuestions(body.source, body.questions)).not.toThrow();
  });

  it("refuses what the model may not send", () => {
    expect(AskHumanInputSchema.safeParse({ ...sample, agent: { name: "x" } }).success).toBe(false);
    const secret = { ...sample, questions: [{ ...sample.questions[1], secret: true }] };
    expect(AskHumanInputSchema.safeParse(secret).success).toBe(false);
    const four = { ...sample, questions: ["a", "b", "c", "d"].map((id) => ({ ...sample.questions[1], id })) };
    expect(AskHumanInputSchema.safeParse(four).success).toBe(false);
    const approval = { ...sample, questions: [{ id: "run", header: "Run", prompt: "Run it?", kind: "approval", action: { tool: "bash", input: {} } }] };
    expect(AskHumanInputSchema.safeParse(approval).success).toBe(false);
    expect(AskHumanInputSchema.safeParse({ ...sample, questions: [{ ...sample.questions[1], kind: "approval" }] }).success).toBe(false);
  });
});
