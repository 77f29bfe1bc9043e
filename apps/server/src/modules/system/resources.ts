import type { domainInput, resourceInput } from '@tessera/contract';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
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
  const found = orNotFound(await store.findResource(db, id));
  return QRCode.toString(found.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

const resourceFields = (input: z.output<typeof resourceInput>) => ({
  resource_type: input.resourceType,
  title: input.title,
  url: input.url,
  sort: input.sort,
});

export async function createResource(
  deps: AppDeps,
  call: OperatorCall,
  input: z.output<typeof resourceInput>,
) {
  return operatorWrite(deps, call, { entity: 'resource', action: 'create' }, async (tx) => {
    const after = resourceView(await store.insertResource(tx, resourceFields(input)));
    return { entityId: after.id, before: null, after, result: after };
  });
}

export async function updateResource(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: z.output<typeof resourceInput>,
) {
  return operatorWrite(deps, call, { entity: 'resource', action: 'update' }, async (tx) => {
    const before = resourceView(orNotFound(await store.findResource(tx, id)));
    const row = await store.updateResource(tx, { id, ...resourceFields(input) });
    const after = resourceView(orNotFound(row));
    return { entityId: id, before, after, result: after };
  });
}

export async function removeResource(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'resource', action: 'delete' }, async (tx) => {
    const before = resourceView(orNotFound(await store.deleteResource(tx, id)));
    return { entityId: id, before, after: null, result: { ok: true as const } };
  });
}

export async function domainRows(db: Queryable) {
  return store.listDomains(db);
}

/** Adds a domain; a URL that is already listed is a conflict. */
export async function createDomain(deps: AppDeps, call: OperatorCall, input: z.output<typeof domainInput>) {
  return operatorWrite(deps, call, { entity: 'domain', action: 'create' }, async (tx) => {
    const after = await store.insertDomain(tx, input);
    if (!after) throw new AppError('conflict');
    return { entityId: after.id, before: null, after, result: after };
  });
}

export async function updateDomain(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: z.output<typeof domainInput>,
) {
  return operatorWrite(deps, call, { entity: 'domain', action: 'update' }, async (tx) => {
    const before = orNotFound(await store.findDomain(tx, id));
    if (await store.domainUrlTaken(tx, input.url, id)) throw new AppError('conflict');
    const after = orNotFound(await store.updateDomain(tx, { id, ...input }));
    return { entityId: id, before, after, result: after };
  });
}

export async function removeDomain(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'domain', action: 'delete' }, async (tx) => {
    const before = orNotFound(await store.deleteDomain(tx, id));
    return { entityId: id, before, after: null, result: { ok: true as const } };
  });
}
