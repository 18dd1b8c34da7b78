import type { Db } from '../../db/client';
import type { ServiceContext } from '../services/service-scope';
import type { DocumentIssuer } from './invoice-document';
import { findSettingsRow, findUploadDataUri } from './invoices.repository';

/** The tenant's legal fields and logo, as the printed invoice takes them (statements, the disconnection list). */
export async function documentIssuerOf(context: ServiceContext, defaultDb: Db): Promise<DocumentIssuer> {
  const { db, scope } = context;
  const config = await findSettingsRow(db, scope.tenantId);
  const logo = config?.logo ? ((await findUploadDataUri(db, config.logo)) ?? (db === defaultDb ? null : await findUploadDataUri(defaultDb, config.logo))) : null;
  return {
    companyName: config?.companyName ?? '',
    address: config?.address ?? '',
    phone: config?.phone ?? '',
    email: config?.email ?? '',
    footer: config?.invoiceFooter ?? '',
    logo,
  };
}
