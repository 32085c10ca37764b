// GET /v1/openapi.json: the API description, generated from the zod schemas. No auth.
import { openApiDocument } from '@/lib/api/openapi';
import { json, methods, newRequestId, publicRoute } from '@/lib/api/route';
import { config } from '@/lib/config';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  GET: publicRoute(async () => json(openApiDocument(config().BASE_URL), 200, newRequestId(), { 'Cache-Control': 'public, max-age=300' })),
});
