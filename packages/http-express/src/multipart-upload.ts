import { codeUploadTooLarge, invalidUpload } from '@groundfloor/domain';
import busboy from 'busboy';
import type { Request } from 'express';
import { finishReading } from './request-bytes';

/** A code upload as the route read it: held in memory, never past `maxBytes`. */
export interface CodeUploadForm {
  readonly description: string;
  readonly fileName: string;
  readonly content: Uint8Array;
}

/** Bytes read and dropped after a refusal, so the client hears it; past this the request is cut off. */
const DRAIN_MAX = 64 * 1024 * 1024;
const FIELD_MAX_BYTES = 16 * 1024;

/** The client's file name, reduced to a plain one (it is only passed on). */
const safeFileName = (name: string | undefined): string => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const plain = base.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  return /^[A-Za-z0-9]/.test(plain) ? plain : 'code.zip';
};

/**
 * Reads `multipart/form-data` with one file field `file` and an optional
 * text field `Description` (spec: Code-execution proxy, Upload). More than
 * `maxBytes` of file is 413 `code_upload_too_large`; anything else that is
 * not that form is 422 `invalid_upload`.
 */
export function readCodeUpload(req: Request, maxBytes: number): Promise<CodeUploadForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // busboy reports `limit` once a file reaches `fileSize`: one byte more
        // than allowed, so a file of exactly `maxBytes` passes.
        limits: { fileSize: maxBytes + 1, files: 2, fields: 4, fieldSize: FIELD_MAX_BYTES, parts: 6 },
      });
    } catch {
      reject(invalidUpload('the body is not multipart/form-data'));
      return;
    }
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      void finishReading(req, DRAIN_MAX).then(() => reject(error));
    };
    let description: string | null = null;
    let file: { name: string; chunks: Buffer[] } | null = null;
    let files = 0;

    parser.on('field', (name, value, info) => {
      if (name !== 'Description') return fail(invalidUpload(`unknown field '${name.slice(0, 64)}'`));
      if (description !== null) return fail(invalidUpload('Description is given twice'));
      if (info.valueTruncated) return fail(invalidUpload('Description is too long'));
      description = value;
    });
    parser.on('file', (name, stream, info) => {
      files += 1;
      if (name !== 'file' || files > 1) {
        stream.resume();
        return fail(
          invalidUpload(name !== 'file' ? `unknown file field '${name.slice(0, 64)}'` : 'more than one file'),
        );
      }
      const current = { name: safeFileName(info.filename), chunks: [] as Buffer[] };
      file = current;
      stream.on('data', (chunk: Buffer) => current.chunks.push(chunk));
      stream.on('limit', () => fail(codeUploadTooLarge(maxBytes)));
    });
    parser.on('partsLimit', () => fail(invalidUpload('too many parts')));
    parser.on('filesLimit', () => fail(invalidUpload('more than one file')));
    parser.on('fieldsLimit', () => fail(invalidUpload('too many fields')));
    parser.on('error', () => fail(invalidUpload('the multipart body is malformed')));
    parser.on('close', () => {
      if (settled) return;
      const received = file as { name: string; chunks: Buffer[] } | null;
      if (!received) return fail(invalidUpload('no file field `file`'));
      settled = true;
      resolve({
        description: description ?? '',
        fileName: received.name,
        content: Buffer.concat(received.chunks),
      });
    });
    req.pipe(parser);
  });
}
