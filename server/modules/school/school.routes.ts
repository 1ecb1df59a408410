import { defineRoute } from '../../plugins/define-route';

export const schoolRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/k12saas/xxjbxx/getLogo',
    access: 'public',
    summary: "the school's logo file id (tenant from session, Host or X-Tenant); '' for the default",
    handler: ({ withRequestTenant, services }) => withRequestTenant((tx, tenant) => services.school.logo(tx, tenant !== null)),
  }),
];
