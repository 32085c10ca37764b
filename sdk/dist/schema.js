// GENERATED FILE: do not edit. Made by `npx tsx sdk/scripts/generate.ts` (openapi-typescript) from the API's
// OpenAPI document (lib/api/openapi.ts, served at GET /v1/openapi.json). Regenerate after changing the API.
export {};
