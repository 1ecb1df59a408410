import type { UserRow } from '../../../../contracts/users';

/** A 用户管理 list row for the screen and drawer tests (a staff member with a valid ID number). */
export const userRow = (over: Partial<UserRow>): UserRow => ({
  id: '01900000-0000-7000-8000-000000000001',
  username: 'T1001',
  name: '王老师',
  userType: '3',
  gender: '2',
  userNo: 'T1001',
  orgUnitId: null,
  orgUnitName: '',
  campusId: null,
  campusName: '',
  phone: '',
  email: '',
  idNumber: '11010519491231002X',
  enabled: true,
  lockedUntil: null,
  accountInitializedAt: null,
  mustChangePassword: false,
  remark: '',
  roleIds: [],
  roleNames: [],
  version: 3,
  ...over,
});
