/** docs/product.md#support: a chat message is 1 to 1000 characters (the provider's rule too). No zod: pages load it. */
export const MESSAGE_MAX_LENGTH = 1000;
