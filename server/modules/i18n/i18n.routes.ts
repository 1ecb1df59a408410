import { languageListRequest } from '../../../contracts/session';
import { defineRoute } from '../../plugins/routes';

export const i18nRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/internationalLanguage/getInternationalLanguageList',
    access: 'public',
    summary: "the tenant's zh and en texts (tenant from session, Host or X-Tenant; none: empty maps)",
    // size=-1, page=0, search='{}': the whole list; accepted for compatibility, nothing to page
    body: languageListRequest,
    handler: ({ withRequestTenant, services }) => withRequestTenant((tx, tenant) => services.i18n.languageList(tx, tenant !== null)),
  }),
];
