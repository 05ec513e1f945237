/** The schemas for loaders and actions of route modules: a `.server` name keeps zod out of their browser bundle (docs/decisions/0280). */
export * from "./schemas";
