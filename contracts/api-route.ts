/**
 * How a route of the API is named in the contracts: `METHOD /path` with `{name}` segments, as the
 * route list writes it. The web client calls the API by these names (web/src/api/call.ts), so a
 * route that moves or an answer that changes shape fails the client's type check.
 */

/** `GET /api/workspaces/{workspaceId}/ai/usage` → `GET`. */
export type MethodOf<Key extends string> = Key extends `${infer Method} ${string}` ? Method : never;

/** `GET /api/workspaces/{workspaceId}/ai/usage` → `/api/workspaces/{workspaceId}/ai/usage`. */
export type PathOf<Key extends string> = Key extends `${string} ${infer Path}` ? Path : never;

/** The path parameters a path names: `/a/{x}/b/{y}` → `{ x: string; y: string }`. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? { [K in Name | keyof PathParams<Rest>]: string } : Record<never, string>;
