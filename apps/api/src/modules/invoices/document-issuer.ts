import type { Db } from '../../db/client';
import type { ServiceContext } from '../../scope/service-scope';
import type { DocumentIssuer } from './invoice-document';
import { findSettings } from '../config/index';
import { findUploadDataUri } from '../media/index';

/** The tenant's legal fields and logo, as the printed invoice takes them (statements, the disconnection list). */
export async function documentIssuerOf(context: ServiceContext, defaultDb: Db): Promise<DocumentIssuer> {
  const { db, scope } = context;
  const config = await findSettings(db, scope);
  const logo = config?.logo
    ? ((await findUploadDataUri(db, scope, config.logo)) ??
      (db === defaultDb ? null : await findUploadDataUri(defaultDb, scope, config.logo)))
    : null;
  return {
    companyName: config?.companyName ?? '',
    address: config?.address ?? '',
    phone: config?.phone ?? '',
    email: config?.email ?? '',
    footer: config?.invoiceFooter ?? '',
    logo,
  };
}
