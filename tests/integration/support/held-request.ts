/**
 * A quote request over a raw socket, its body held back after `sent` bytes, for tests of a server
 * stopping with requests in flight. It asks `Expect: 100-continue`: the server's interim
 * "100 Continue" says that it has read the request's head and runs its handler, so a test waits
 * for that instead of for a while.
 */
import { connect } from "node:net";
import { validRequest } from "./requests.ts";

export type HeldRequest = {
  /** The kernel has the connection (accepted by the server, or waiting in its backlog). */
  connected: Promise<void>;
  /** The server has the request in hand: its handler runs, waiting for the rest of the body. */
  inServer: Promise<void>;
  /** Sends the rest of the body. */
  finish(): void;
  /** The final answer received so far, without the interim "100 Continue". */
  answer(): string;
  /** The whole final answer (its head, and its body as long as Content-Length says). */
  answered: Promise<string>;
  /** The connection closed: the final answer received by then, and the socket's error if any. */
  closed: Promise<{ answer: string; error: string | null }>;
  destroy(): void;
};

const interim = /^HTTP\/1\.1 100 [^\r]*\r\n\r\n/;

/** The final answer once it is whole, else null. */
function whole(answer: string): string | null {
  const headEnd = answer.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, headEnd))?.[1] ?? 0);
  return Buffer.byteLength(answer.slice(headEnd + 4), "latin1") >= length ? answer : null;
}

export function heldRequest(
  url: string,
  key: string,
  sent: number,
  {
    path = "/functions/v1/send-contact-email",
    /** Without it, `inServer` resolves only with the final answer. */
    expectContinue = true,
  } = {},
): HeldRequest {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify(validRequest());
  const socket = connect(Number(port), hostname);
  let received = "";
  let error: string | null = null;
  let sawInterim = false;
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let markInServer: () => void = () => {};
  const inServer = new Promise<void>((resolve) => {
    markInServer = resolve;
  });
  let settleAnswer: (answer: string) => void = () => {};
  let failAnswer: (error: Error) => void = () => {};
  const answered = new Promise<string>((resolve, reject) => {
    settleAnswer = resolve;
    failAnswer = reject;
  });
  // A test that never waits for the answer must not see its rejection as unhandled.
  answered.catch(() => {});
  const answer = () => received.replace(interim, "");
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
    if (!sawInterim && (interim.test(received) || /^HTTP\/1\.1 [2-5]/.test(received))) {
      // A final answer without the interim one (a refusal) also means the server has it.
      sawInterim = true;
      markInServer();
    }
    const final = whole(answer());
    if (final !== null) settleAnswer(final);
  });
  socket.on("error", (cause: NodeJS.ErrnoException) => {
    error = cause.code ?? cause.message;
  });
  const closed = new Promise<{ answer: string; error: string | null }>((resolve) => {
    socket.once("close", () => {
      failAnswer(new Error(`closed before a whole answer (${error ?? "no error"}): ${answer()}`));
      resolve({ answer: answer(), error });
    });
  });
  void connected.then(() =>
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\napikey: ${key}\r\n` +
        `content-type: application/json\r\n${expectContinue ? "expect: 100-continue\r\n" : ""}` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, sent)}`,
    ),
  );
  return {
    connected,
    inServer,
    finish: () => void connected.then(() => socket.write(body.slice(sent))),
    answer,
    answered,
    closed,
    destroy: () => socket.destroy(),
  };
}
