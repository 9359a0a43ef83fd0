import { describeDeliveryFailure } from '../src';

const err = (fields: Record<string, unknown>) =>
  Object.assign(new Error('text with alice@example.test'), fields);

describe('describeDeliveryFailure', () => {
  it.each([
    {
      summary: 'EENVELOPE 550 5.1.1 RCPT TO',
      permanent: true,
      fields: {
        code: 'EENVELOPE',
        responseCode: 550,
        response: '550 5.1.1 <alice@example.test> no',
        command: 'RCPT TO',
      },
    },
    {
      summary: 'EMESSAGE 451 4.3.0 DATA',
      permanent: false,
      fields: { code: 'EMESSAGE', responseCode: 451, response: '451 4.3.0 try later', command: 'DATA' },
    },
    {
      summary: 'EMESSAGE 554 DATA',
      permanent: true,
      fields: {
        code: 'EMESSAGE',
        responseCode: 554,
        response: '554 refused',
        command: 'DATA',
        permanent: true,
      },
    },
    {
      summary: 'EPROTOCOL 503',
      permanent: false,
      fields: { code: 'EPROTOCOL', responseCode: 503, response: '503 bad sequence' },
    },
    {
      summary: 'EAUTH 535 5.7.8 AUTH PLAIN',
      permanent: false,
      fields: {
        code: 'EAUTH',
        responseCode: 535,
        response: '535 5.7.8 bad credentials',
        command: 'AUTH PLAIN',
      },
    },
    {
      summary: 'ESOCKET ECONNREFUSED CONN',
      permanent: false,
      fields: { code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN' },
    },
    {
      summary: 'ETIMEDOUT GREETING_TIMEOUT CONN',
      permanent: false,
      fields: { code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT', command: 'CONN' },
    },
    { summary: 'EENVELOPE API', permanent: true, fields: { code: 'EENVELOPE', command: 'API' } },
    { summary: 'AbortError', permanent: false, fields: { name: 'AbortError' } },
  ])('$summary is permanent: $permanent', ({ fields, permanent, summary }) => {
    expect(describeDeliveryFailure(err(fields))).toEqual({ permanent, summary });
  });

  it('keeps the server text and addresses out of the summary', () => {
    const failure = describeDeliveryFailure(
      err({
        code: 'EENVELOPE',
        responseCode: 550,
        response: '550 <alice@example.test> nope',
        command: 'RCPT TO',
      }),
    );
    expect(failure.summary).not.toContain('alice');
    expect(failure.summary).not.toContain('nope');
  });

  it('ignores fields that do not look like codes', () => {
    expect(describeDeliveryFailure(err({ code: 'secret value', command: 'DATA\r\nsecret' })).summary).toBe(
      'Error',
    );
    expect(describeDeliveryFailure('plain string').summary).toBe('Error');
  });
});
