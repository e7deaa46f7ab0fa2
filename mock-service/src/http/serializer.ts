import fastJson from "fast-json-stringify";
import { serializerCompiler as validatingSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type Compiler = typeof validatingSerializerCompiler;

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema: about as fast as a hand-written serializer, and it only writes the fields the contract
 * declares. With `validate`, every response is also checked against its zod schema (the tests do
 * this, so that a response drifting from the contract fails loudly); that costs a full parse.
 */
export function responseSerializerCompiler(validate: boolean): Compiler {
  if (validate) return validatingSerializerCompiler;
  return (route: { schema: unknown }) => {
    if (!(route.schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    const jsonSchema = z.toJSONSchema(route.schema, {
      target: "draft-7",
      io: "output",
      unrepresentable: "any",
    });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  };
}
