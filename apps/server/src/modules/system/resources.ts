import type { domainInput, resourceInput } from '@tessera/contract';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import { operatorEdits } from '../../platform/operator-write.ts';
import * as store from './store.ts';

/** The site's download resources (with their QR codes) and domains, read and edited. */

type ResourceType = z.output<typeof resourceInput>['resourceType'];

const qrCodeUrl = (resourceId: number) => `/images/qr/${resourceId}.svg`;

const resourceView = (row: store.ResourceDb) => ({
  id: row.id,
  resourceType: row.resource_type as ResourceType,
  title: row.title,
  url: row.url,
  qrCodeUrl: qrCodeUrl(row.id),
  sort: row.sort,
});

export async function resources(db: Queryable) {
  return (await store.listResources(db)).map(resourceView);
}

export async function domainList(db: Queryable): Promise<string[]> {
  return (await store.listDomains(db)).map((row) => row.url);
}

export async function domainRoute(db: Queryable) {
  return { domainList: await domainList(db) };
}

export async function routers(db: Queryable) {
  return { domainList: await domainList(db), resources: await resources(db) };
}

/** The download QR code of a resource, as SVG; not_found for an unknown resource. */
export async function resourceQrCode(db: Queryable, id: number): Promise<string> {
  const found = orNotFound(await store.resources.find(db, id));
  return QRCode.toString(found.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

const resourceFields = (input: z.output<typeof resourceInput>) => ({
  resource_type: input.resourceType,
  title: input.title,
  url: input.url,
  sort: input.sort,
});

export const resourceEdits = operatorEdits({
  entity: 'resource',
  table: store.resources,
  view: resourceView,
  fields: resourceFields,
});

export async function domainRows(db: Queryable) {
  return store.listDomains(db);
}

/** The domains; a URL that is already listed is a conflict. */
export const domainEdits = operatorEdits({
  entity: 'domain',
  table: store.domains,
  view: (row: store.DomainDb) => row,
  fields: (input: z.output<typeof domainInput>) => input,
  check: async (tx, input, id) => {
    if (id !== null && (await store.domainUrlTaken(tx, input.url, id))) throw new AppError('conflict');
  },
});
