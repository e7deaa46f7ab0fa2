const bodies = new Map<number, Buffer>();

/** `size` bytes of filler, made once per size: what the baseline and the Fastify reference answer. */
export function fixedBody(size: number): Buffer {
  let body = bodies.get(size);
  if (!body) {
    body = Buffer.alloc(size, "x");
    bodies.set(size, body);
  }
  return body;
}
