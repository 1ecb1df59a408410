import { defineRoute, reads } from '../../plugins/define-route';

export const schoolRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/k12saas/xxjbxx/getLogo',
    operation: reads('加载学校标志', 'School logo'),
    access: 'public',
    summary: "the school's logo file id (tenant from session, Host or X-Tenant); '' for the default",
    handler: ({ withRequestTenant, services }) => withRequestTenant((tx, tenant) => services.school.logo(tx, tenant !== null)),
  }),
];
