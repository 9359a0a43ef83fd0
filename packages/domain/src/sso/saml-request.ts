import { base64Encode } from '../shared/base64';
import { utf8Encode } from '../shared/utf8';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A SAML 2.0 AuthnRequest for the HTTP-Redirect binding. */
export function authnRequestXml(args: {
  id: string;
  issueInstant: Date;
  destination: string;
  spEntityId: string;
  acsUrl: string;
}): string {
  return (
    '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ' +
    'xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
    `ID="${xmlEscape(args.id)}" Version="2.0" IssueInstant="${args.issueInstant.toISOString()}" ` +
    `Destination="${xmlEscape(args.destination)}" ` +
    'ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" ' +
    `AssertionConsumerServiceURL="${xmlEscape(args.acsUrl)}">` +
    `<saml:Issuer>${xmlEscape(args.spEntityId)}</saml:Issuer>` +
    '<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress" AllowCreate="true"/>' +
    '</samlp:AuthnRequest>'
  );
}

/**
 * Raw DEFLATE (RFC 1951) of stored blocks: valid DEFLATE that any inflater
 * reads, without compression (a request is well under a few kilobytes).
 */
export function deflateStored(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  const MAX = 0xffff;
  for (let offset = 0; offset === 0 || offset < data.length; offset += MAX) {
    const chunk = data.subarray(offset, offset + MAX);
    const last = offset + MAX >= data.length;
    out.push(
      last ? 0x01 : 0x00,
      chunk.length & 0xff,
      chunk.length >> 8,
      ~chunk.length & 0xff,
      (~chunk.length >> 8) & 0xff,
    );
    for (const b of chunk) out.push(b);
    if (last) break;
  }
  return Uint8Array.from(out);
}

/** The `SAMLRequest` query value of the HTTP-Redirect binding: DEFLATE, then base64 (the URL encodes it). */
export function samlRedirectRequest(xml: string): string {
  return base64Encode(deflateStored(utf8Encode(xml)));
}
