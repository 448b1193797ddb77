import type { ApiKeyView, CreatedApiKey } from '#shared/api';

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A key as its owner's list shows it: never the key, its hash or its webhook secret. */
export function presentApiKey(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The answer to a creation, the only one that carries the key and its webhook secret. */
export function presentCreatedApiKey(created: { row: ApiKeyRow; key: string; webhookSecret: string }): CreatedApiKey {
  return { apiKey: presentApiKey(created.row), key: created.key, webhookSecret: created.webhookSecret };
}
