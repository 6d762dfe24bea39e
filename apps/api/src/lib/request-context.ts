import type { FastifyRequest } from 'fastify';

/** Who did what from where: what every audit event and session records about a request. */
export interface RequestContext {
  ipAddress: string;
  userAgent: string | null;
  requestId: string;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    requestId: String(request.id),
  };
}
