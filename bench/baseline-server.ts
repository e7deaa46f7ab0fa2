// The baseline: a bare node:http server answering `/bytes/<n>` with n bytes of JSON-typed body,
// reading (and dropping) any request body first, like a service that parses its input would.
import { createServer } from "node:http";
import { fixedBody } from "./fixed-body";

const server = createServer((req, res) => {
  const match = /^\/bytes\/(\d{1,7})$/.exec(req.url ?? "");
  req.resume();
  req.on("end", () => {
    if (!match?.[1]) {
      res.writeHead(404).end();
      return;
    }
    const body = fixedBody(Number(match[1]));
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
