import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { z } from "zod";
import type { LOGGED_EVENT_TYPES } from "../../contract";
import { components, eventComponents, inputComponents } from "./components";
import { errorResponses } from "./error-responses";

// The document is JSON: plain objects all the way down.
type Json = Record<string, unknown>;

const REF = "#/components/schemas/";

const TAGS = [
  { name: "Checkouts", description: "A checkout is one purchase the shopper pays in the embedded form." },
  {
    name: "Payments",
    description: "Payments of checkouts, Multibanco references and charges of saved methods.",
  },
  { name: "Refunds", description: "Refunds of confirmed card and MB WAY payments." },
  { name: "Customers", description: "Registered customers, whose payment methods can be saved." },
  { name: "Payment methods", description: "A customer's saved cards and MB WAY numbers." },
  { name: "Notifications", description: "Webhook endpoints and the log of every event and delivery." },
  {
    name: "Sandbox",
    description: "Simulators of the outside world: the bank network and the shopper's phone.",
  },
];

const WEBHOOK_DESCRIPTIONS: Record<(typeof LOGGED_EVENT_TYPES)[number], string> = {
  "payment.confirmed": "A Multibanco reference was paid, or a charge of a saved method succeeded.",
  "payment.declined": "A charge of a saved method was declined (`stateDetails.reason` says why).",
  "payment.expired":
    "A Multibanco reference passed its validity unpaid, or an MB WAY charge went unanswered.",
  "payment.refunded": "A refund was made; `data` is the payment with all its refunds.",
  "checkout.completed": "A checkout was paid.",
  "checkout.failed": "A checkout was declined (attempts used up) or expired.",
  "webhook.test": "A test notification sent from the dashboard to one endpoint, to try the receiver.",
};

/** The generated JSON Schema of one contract schema, with named components as `$ref`s. */
/** How every schema is converted: one side of the API, named components referred to, not inlined. */
const jsonSchemaOptions = (io: "input" | "output") =>
  ({
    target: "draft-2020-12",
    io,
    metadata: components,
    unrepresentable: "any",
    reused: "inline",
    uri: (id: string) => `${REF}${id}`,
  }) as const;

function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const own = components.get(schema);
  if (own) return { $ref: `${REF}${own.id}` };
  const single = z.registry<{ id: string }>();
  single.add(schema, { id: "__root" });
  const { schemas } = z.toJSONSchema(single, jsonSchemaOptions(io));
  const { $schema: _s, $id: _i, id: _id, ...rest } = (schemas.__root ?? {}) as Json;
  // Components met inside this schema come out as shared definitions: point them at the component.
  return JSON.parse(JSON.stringify(rest).replaceAll(`${REF}__shared#/$defs/`, REF)) as Json;
}

/** Every named component, each converted from the side of the API it describes. */
function componentSchemas(): Json {
  const out: Json = {};
  for (const io of ["input", "output"] as const) {
    const { schemas } = z.toJSONSchema(components, jsonSchemaOptions(io));
    for (const [id, schema] of Object.entries(schemas)) {
      const isInput = [...inputComponents].some((s) => components.get(s)?.id === id);
      if ((io === "input") !== isInput) continue;
      const { $schema: _s, $id: _i, id: _id, ...rest } = schema as Json;
      out[id] = rest;
    }
  }
  return out;
}

interface RouteSchema {
  operationId?: string;
  hide?: boolean;
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  response?: Record<string, z.ZodType>;
  [key: string]: unknown;
}

/**
 * Documents a route only when it declares an operationId: the merchant API and the sandbox simulators.
 * The frame's API, the embed page, the docs and any dashboard route stay out of the document.
 */
export function transformRoute({ schema, url }: { schema: unknown; url: string }) {
  const route = (schema ?? {}) as RouteSchema;
  if (!route.operationId || route.hide) return { schema: { hide: true }, url };
  const { body, params, querystring, headers, response, ...rest } = route;
  const out: Json = { ...rest };
  if (body) out.body = toJsonSchema(body, "input");
  if (params) out.params = toJsonSchema(params, "input");
  if (querystring) out.querystring = toJsonSchema(querystring, "input");
  if (headers) out.headers = toJsonSchema(headers, "input");
  if (response) {
    out.response = Object.fromEntries(
      Object.entries(response).map(([status, s]) => [status, toJsonSchema(s, "output")]),
    );
  }
  return { schema: out, url };
}

/** An example built from a schema: a named component's own example, or one assembled from the parts. */
function exampleOf(schema: Json, schemas: Json): unknown {
  if (typeof schema.$ref === "string") {
    const target = schemas[schema.$ref.slice(REF.length)] as Json | undefined;
    if (!target) return undefined;
    const own = target.examples as unknown[] | undefined;
    return own?.[0] ?? exampleOf(target, schemas);
  }
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const union = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (union?.[0]) return exampleOf(union[0], schemas);
  switch (schema.type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key))
          .map(([key, value]) => [key, exampleOf(value, schemas)]),
      );
    }
    case "array":
      return [exampleOf((schema.items ?? {}) as Json, schemas)];
    case "string":
      if (schema.format === "date-time") return "2026-11-24T10:15:00.000+00:00";
      if (schema.format === "uuid") return "3f2b8c1e-6d4a-4b7e-9c2f-1a5e8d7b6c40";
      if (schema.pattern === "^\\d+\\.\\d+$") return "1.0";
      return "string";
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    default:
      return undefined;
  }
}

const RESPONSE_TEXT: Record<string, string> = {
  "200": "Success.",
  "201": "Created.",
  "202": "Accepted: the outcome follows later (see the operation's description).",
};

const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Any string of 1 to 255 visible ASCII characters. A retry with the same key and body answers the first " +
    "answer again (with `Idempotent-Replayed: true`) instead of acting twice; another body answers 409 " +
    "`idempotency_key_reused`. Keys are kept 24 hours.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
  example: "order-1042-refund-1",
};

const signatureHeaders = [
  {
    name: "X-Signature",
    in: "header",
    required: true,
    description:
      "`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\">` with the endpoint's secret (the merchant's " +
      "signing secret for a callbackUrl). Verify it over the raw body before trusting the event.",
    schema: { type: "string" },
    example: "t=1795515390,v1=5f0c3e1a9b7d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
  },
  {
    name: "X-Event-Id",
    in: "header",
    required: true,
    description: "The event's id: the same event may arrive more than once; apply it once.",
    schema: { type: "string" },
    example: "evt_R2kW9mX4vB7nQ3tL8cZp",
  },
];

function webhooks(schemas: Json): Json {
  return Object.fromEntries(
    eventComponents.map(({ type, id }) => [
      type,
      {
        post: {
          operationId: `${type.replace(/\.(\w)/, (_m, c: string) => c.toUpperCase())}Notification`,
          summary: `The ${type} notification`,
          description: `${WEBHOOK_DESCRIPTIONS[type]} POSTed to the payment's callbackUrl and to every webhook endpoint subscribed to \`${type}\`; retried with backoff until your endpoint answers 2xx.`,
          tags: ["Notifications"],
          security: [],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: `${REF}${id}` },
                example: exampleOf({ $ref: `${REF}${id}` }, schemas),
              },
            },
          },
          responses: { "200": { description: "Any 2xx answer acknowledges the notification." } },
        },
      },
    ]),
  );
}

/** Completes the document: components, shared error answers, Idempotency-Key, examples, webhooks. */
export function completeDocument({ openapiObject }: { openapiObject: Json }): Json {
  const schemas = componentSchemas();
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const hasBody = operation.requestBody !== undefined;
      const hasInput = hasBody || Array.isArray(operation.parameters);
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      const declared: string[] = [];
      for (const [status, answer] of Object.entries(responses)) {
        if (Number(status) >= 400) {
          declared.push(status);
          continue;
        }
        answer.description = RESPONSE_TEXT[status] ?? "Success.";
        for (const media of Object.values((answer.content ?? {}) as Record<string, Json>)) {
          media.example = exampleOf(media.schema as Json, schemas);
        }
      }
      const statuses = new Set([
        ...declared,
        "401",
        "429",
        ...(hasInput ? ["400"] : []),
        // An Idempotency-Key reused with another body, or still in flight, answers 409 on any POST.
        ...(method === "post" ? ["409"] : []),
        ...(hasBody ? ["413", "415"] : []),
        // Every operation reads or writes storage: a commit that fails answers 503 to each request
        // that wrote, or may have read, what it held.
        "503",
      ]);
      for (const status of [...statuses].sort()) {
        responses[status] = { $ref: `#/components/responses/${errorResponses[status]?.name}` };
      }
      if (hasBody) {
        const content = (operation.requestBody as Json).content as Record<string, Json>;
        for (const media of Object.values(content)) media.example = exampleOf(media.schema as Json, schemas);
      }
      if (method === "post") {
        operation.parameters = [
          ...((operation.parameters as Json[]) ?? []),
          { $ref: "#/components/parameters/IdempotencyKey" },
        ];
      }
    }
  }
  return {
    ...openapiObject,
    tags: TAGS,
    components: {
      ...(openapiObject.components as Json),
      schemas,
      responses: Object.fromEntries(Object.values(errorResponses).map((r) => [r.name, r.response])),
      parameters: { IdempotencyKey: idempotencyKey },
    },
    webhooks: webhooks(schemas),
  };
}

export function swaggerOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Payments sandbox API",
        version: "1.0.0",
        description:
          "Checkouts, customers, saved payment methods, Multibanco references, refunds, charges of saved " +
          "methods and signed notifications, in a sandbox. Every answer is an envelope " +
          "`{date, success, data}`; every error `{date, success: false, error: {code, message, details?}}`.",
        contact: { name: "Payments sandbox", url: `${publicUrl}/docs` },
        license: { name: "UNLICENSED", identifier: "UNLICENSED" },
      },
      servers: [{ url: publicUrl, description: "This sandbox" }],
      components: {
        securitySchemes: {
          apiKey: { type: "http", scheme: "bearer", description: "The merchant's secret API key." },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: transformRoute,
    transformObject: completeDocument as unknown as FastifyDynamicSwaggerOptions["transformObject"],
  };
}
