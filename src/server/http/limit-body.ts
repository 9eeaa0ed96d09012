import { type Readable, Transform } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { HttpError } from './errors'

/** Passes a request body through, failing with 413 `message` once it is longer than `limit` bytes. */
export function limitBody(
  request: FastifyRequest,
  payload: Readable,
  limit: number,
  message: string,
): Readable {
  if (Number(request.headers['content-length']) > limit) throw new HttpError(413, message)
  let seen = 0
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length
      if (seen > limit) callback(new HttpError(413, message))
      else callback(null, chunk)
    },
  })
  payload.on('error', (error) => limited.destroy(error))
  return payload.pipe(limited)
}
