/**
 * What the engine thread runs: one PGlite, fed the wire protocol as raw bytes,
 * one exchange at a time, in the order they arrive. The server's thread keeps
 * only the protocol's parsing; the engine's own work (planning, executing,
 * writing its files) happens here, on the machine's other core.
 *
 * Notifications are read off each answer (`A` messages) and sent apart, so
 * that `listen` works as it does on PGlite in-process: PGlite would call its
 * listeners only for statements it parses itself.
 */
export const engineThreadSource = (pglitePath: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(${JSON.stringify(pglitePath)});

const decoder = new TextDecoder();
/** The notifications in a run of backend messages, as [channel, payload] pairs. */
function notificationsIn(bytes) {
  const found = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const length = view.getInt32(at + 1);
    if (type === 65 /* A */) {
      const channelStart = at + 9;
      const channelEnd = bytes.indexOf(0, channelStart);
      const payloadEnd = bytes.indexOf(0, channelEnd + 1);
      found.push([
        decoder.decode(bytes.subarray(channelStart, channelEnd)),
        decoder.decode(bytes.subarray(channelEnd + 1, payloadEnd)),
      ]);
    }
    at += 1 + length;
  }
  return found;
}

let db;
let queue = Promise.resolve();
async function handle(message) {
  switch (message.op) {
    case 'open':
      db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
      return {};
    case 'exec': {
      const answer = await db.execProtocolRaw(message.bytes);
      // PGlite answers with a copy of its buffer, except to the startup
      // message: that one is copied here, since the buffer is about to move.
      const whole = answer.byteOffset === 0 && answer.byteLength === answer.buffer.byteLength;
      const bytes = whole ? answer : answer.slice();
      return { bytes, notifications: notificationsIn(bytes), transfer: [bytes.buffer] };
    }
    case 'sql':
      await db.exec(message.sql);
      return {};
    case 'close':
      if (db) await db.close();
      db = undefined;
      return {};
    default:
      throw new Error('unknown operation ' + message.op);
  }
}
parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      const { transfer, ...reply } = await handle(message);
      parentPort.postMessage({ id: message.id, ...reply }, transfer ?? []);
    } catch (error) {
      parentPort.postMessage({ id: message.id, failure: String((error && error.message) || error) });
    }
  });
});
`;
