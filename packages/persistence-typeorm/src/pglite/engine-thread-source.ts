/**
 * What the engine thread runs: one PGlite, fed the wire protocol as raw bytes
 * by several clients (`EngineSocket`s), one exchange at a time. The server's
 * thread keeps only the protocol's parsing; the engine's own work (planning,
 * executing, writing its files) happens here, on the machine's other core.
 *
 * PGlite is one session, and the clients share it the way a pool of one
 * connection would, but without a round trip through the server's thread
 * between two clients' statements:
 * - A client whose exchange leaves the session inside a transaction (the
 *   last ReadyForQuery says T or E) holds it: only its own exchanges run
 *   until one leaves the session idle (I). Everyone else's wait here, in
 *   order, so no statement ever runs inside another client's transaction.
 * - Otherwise the next exchange in arrival order runs, whichever client
 *   sent it, so the engine goes from one to the next without waiting for
 *   the server's thread to send it.
 * - A client that hangs up while holding the session has its transaction
 *   rolled back, as a server does for a dropped connection.
 * - Every client starts with the startup answer the first one got: the
 *   session is started once.
 *
 * Notifications are read off each answer (\`A\` messages) and sent apart, so
 * that \`listen\` works as it does on PGlite in-process: PGlite would call its
 * listeners only for statements it parses itself.
 */
export const engineThreadSource = (pglitePath: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(${JSON.stringify(pglitePath)});

const decoder = new TextDecoder();
const READY_FOR_QUERY = 90; // Z
const NOTIFICATION = 65; // A
const IDLE = 73; // I

/** Walks a run of backend messages: its notifications, and the session's state after it. */
function readAnswer(bytes) {
  const notifications = [];
  let status = null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const length = view.getInt32(at + 1);
    if (type === NOTIFICATION) {
      const channelStart = at + 9;
      const channelEnd = bytes.indexOf(0, channelStart);
      const payloadEnd = bytes.indexOf(0, channelEnd + 1);
      notifications.push([
        decoder.decode(bytes.subarray(channelStart, channelEnd)),
        decoder.decode(bytes.subarray(channelEnd + 1, payloadEnd)),
      ]);
    } else if (type === READY_FOR_QUERY) {
      status = bytes[at + 5];
    }
    at += 1 + length;
  }
  return { notifications, status };
}

/** A startup message: no type byte, a length, then protocol version 3.0. */
const isStartup = (bytes) => bytes.length >= 8 && bytes[4] === 0 && bytes[5] === 3 && bytes[6] === 0 && bytes[7] === 0;

/** The simple-protocol message for one statement. */
function simpleQuery(sql) {
  const text = new TextEncoder().encode(sql);
  const bytes = new Uint8Array(6 + text.length);
  bytes[0] = 81; // Q
  new DataView(bytes.buffer).setInt32(1, 5 + text.length);
  bytes.set(text, 5);
  return bytes;
}

let db;
let startupAnswer = null;
/** The client holding the session inside its transaction, or null. */
let holder = null;
const waiting = [];
let running = false;

/**
 * The next call that may run: the holder's own, or, with no holder, the
 * first. Closing waits for no one: a transaction still open then ends
 * uncommitted with the engine, as it would if the process stopped.
 */
function takeNext() {
  const closing = holder === null ? -1 : waiting.findIndex((call) => call.op === 'close');
  if (closing >= 0) {
    holder = null;
    return waiting.splice(closing, 1)[0];
  }
  const index = holder === null ? 0 : waiting.findIndex((call) => call.socket === holder);
  return index < 0 || waiting.length === 0 ? null : waiting.splice(index, 1)[0];
}

async function exchange(call) {
  if (isStartup(call.bytes) && startupAnswer) return { bytes: startupAnswer.slice(), notifications: [] };
  const answer = await db.execProtocolRaw(call.bytes);
  // PGlite answers with a copy of its buffer, except to the startup
  // message: that one is copied here, since the buffer is about to move.
  const whole = answer.byteOffset === 0 && answer.byteLength === answer.buffer.byteLength;
  const bytes = whole ? answer : answer.slice();
  const { notifications, status } = readAnswer(bytes);
  if (isStartup(call.bytes)) startupAnswer = bytes.slice();
  // No ReadyForQuery (Terminate, say): the session's state did not change.
  else if (status !== null) holder = status === IDLE ? null : call.socket;
  return { bytes, notifications };
}

async function handle(call) {
  switch (call.op) {
    case 'open':
      db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
      return {};
    case 'exec':
      return exchange(call);
    case 'hangup':
      if (holder === call.socket) {
        holder = null;
        await db.execProtocolRaw(simpleQuery('ROLLBACK'));
      }
      return {};
    case 'sql':
      await db.exec(call.sql);
      return {};
    case 'close':
      if (db) await db.close();
      db = undefined;
      return {};
    default:
      throw new Error('unknown operation ' + call.op);
  }
}

async function drain() {
  running = true;
  for (let call = takeNext(); call; call = takeNext()) {
    try {
      const reply = await handle(call);
      const transfer = reply.bytes ? [reply.bytes.buffer] : [];
      parentPort.postMessage({ id: call.id, ...reply }, transfer);
    } catch (error) {
      parentPort.postMessage({ id: call.id, failure: String((error && error.message) || error) });
    }
  }
  running = false;
}

parentPort.on('message', (call) => {
  // Calls that are not a client's (open, listen, close) belong to no one: they wait for an idle session.
  waiting.push({ socket: -1, ...call });
  if (!running) drain();
});
`;
