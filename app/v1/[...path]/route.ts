// Any /v1 path no route serves: a JSON 404 in the documented shape, whatever the method.
import { ApiError, errorBody } from '@/lib/api/errors';
import { json, newRequestId } from '@/lib/api/route';

async function unknownPath(request: Request): Promise<Response> {
  const requestId = newRequestId();
  const path = new URL(request.url).pathname;
  const err = new ApiError(
    404,
    'invalid_request_error',
    'resource_missing',
    `Unrecognized request URL (${request.method} ${path}). See the API reference at /docs.`,
  );
  return json(errorBody(err, requestId), 404, requestId);
}

export {
  unknownPath as GET,
  unknownPath as POST,
  unknownPath as DELETE,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as HEAD,
  unknownPath as OPTIONS,
};
