import type { DnsZone } from '@groundfloor/testkit';
import dns2 from 'dns2';

const { Packet } = dns2;
// Response codes (RFC 1035 §4.1.1); dns2's typings leave its table out.
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

export interface LoopbackDnsServer {
  /** `127.0.0.1:<port>`, as `DNS_SERVERS` takes it. */
  readonly address: string;
  close(): Promise<void>;
}

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) answering from `zone`:
 * unknown names get NXDOMAIN, names without records of the asked type an
 * empty NOERROR answer, `servfail` and `refused` names those codes, and
 * `timeout` names no answer at all.
 */
export async function startLoopbackDnsServer(zone: DnsZone): Promise<LoopbackDnsServer> {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = question ? bare(question.name) : '';
      const entry = zone[name];
      if (entry === 'timeout') return;
      if (entry === undefined) response.header.rcode = RCODE.NXDOMAIN;
      else if (entry === 'servfail') response.header.rcode = RCODE.SERVFAIL;
      else if (entry === 'refused') response.header.rcode = RCODE.REFUSED;
      else if (question) {
        const record = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
        // dns2's typings want decoded records (with toBuffer); it encodes plain ones.
        const answer = (fields: Record<string, unknown>) =>
          response.answers.push(fields as unknown as dns2.Packet.Resource);
        const addresses = (owner: string, records: typeof entry) => {
          if (question.type === Packet.TYPE.A)
            for (const address of records.a ?? [])
              answer({ ...record, name: owner, type: Packet.TYPE.A, address });
          if (question.type === Packet.TYPE.AAAA)
            for (const address of records.aaaa ?? [])
              answer({ ...record, name: owner, type: Packet.TYPE.AAAA, address });
        };
        if (question.type === Packet.TYPE.TXT)
          for (const data of entry.txt ?? []) answer({ ...record, type: Packet.TYPE.TXT, data: [...data] });
        if (entry.cname && question.type !== Packet.TYPE.TXT) {
          answer({ ...record, type: Packet.TYPE.CNAME, domain: entry.cname.replace(/\.$/, '') });
          const target = zone[bare(entry.cname)];
          if (typeof target === 'object') addresses(bare(entry.cname), target);
        }
        addresses(question.name, entry);
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${addresses.udp?.port}`,
    close: () => server.close(),
  };
}
