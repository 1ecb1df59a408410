-- Hand-written: row-level security on files (0004), read access to the global reference tables,
-- the people-search indexes, and the compact area and staff-category reference data.
SELECT xiaowu_protect_tenant_table('files'::regclass);
--> statement-breakpoint
ALTER TABLE files ADD CONSTRAINT files_size_check CHECK (size > 0);
--> statement-breakpoint
GRANT SELECT ON areas, teacher_types TO xiaowu_app;
--> statement-breakpoint
-- Trusted extension since PostgreSQL 13: the database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- People search (POST /saas/components/getUserAllData): KEYWORD is a contains-match on name,
-- account and job/student number together, served by one trigram index on the same expression.
CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin ((name || ' ' || username || ' ' || user_no) gin_trgm_ops);
--> statement-breakpoint
-- Filters and the stable page order (user type, number, id) without sorting the whole tenant.
CREATE INDEX IF NOT EXISTS users_tenant_type_order_idx ON users (tenant_id, user_type, user_no, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_tenant_order_idx ON users (tenant_id, user_no, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_tenant_campus_idx ON users (tenant_id, campus_id);
--> statement-breakpoint
INSERT INTO areas (code, name, parent_code, level, sort) VALUES
  ('110000', '北京市', '', 1, 1),
  ('110100', '市辖区', '110000', 2, 1),
  ('110101', '东城区', '110100', 3, 1),
  ('110102', '西城区', '110100', 3, 2),
  ('110105', '朝阳区', '110100', 3, 3),
  ('110108', '海淀区', '110100', 3, 4),
  ('310000', '上海市', '', 1, 2),
  ('310100', '市辖区', '310000', 2, 1),
  ('310101', '黄浦区', '310100', 3, 1),
  ('310104', '徐汇区', '310100', 3, 2),
  ('310115', '浦东新区', '310100', 3, 3),
  ('320000', '江苏省', '', 1, 3),
  ('320100', '南京市', '320000', 2, 1),
  ('320102', '玄武区', '320100', 3, 1),
  ('320106', '鼓楼区', '320100', 3, 2),
  ('320500', '苏州市', '320000', 2, 2),
  ('320508', '姑苏区', '320500', 3, 1),
  ('320505', '虎丘区', '320500', 3, 2),
  ('330000', '浙江省', '', 1, 4),
  ('330100', '杭州市', '330000', 2, 1),
  ('330102', '上城区', '330100', 3, 1),
  ('330106', '西湖区', '330100', 3, 2),
  ('330200', '宁波市', '330000', 2, 2),
  ('330203', '海曙区', '330200', 3, 1),
  ('440000', '广东省', '', 1, 5),
  ('440100', '广州市', '440000', 2, 1),
  ('440104', '越秀区', '440100', 3, 1),
  ('440105', '海珠区', '440100', 3, 2),
  ('440106', '天河区', '440100', 3, 3),
  ('440300', '深圳市', '440000', 2, 2),
  ('440304', '福田区', '440300', 3, 1),
  ('440305', '南山区', '440300', 3, 2),
  ('510000', '四川省', '', 1, 6),
  ('510100', '成都市', '510000', 2, 1),
  ('510104', '锦江区', '510100', 3, 1),
  ('510107', '武侯区', '510100', 3, 2)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO teacher_types (code, name, name_en, sort) VALUES
  ('11', '专任教师', 'Full-time teacher', 1),
  ('12', '行政人员', 'Administrative staff', 2),
  ('13', '教辅人员', 'Teaching support staff', 3),
  ('14', '工勤人员', 'Service staff', 4),
  ('15', '代课教师', 'Substitute teacher', 5),
  ('16', '兼任教师', 'Part-time teacher', 6),
  ('19', '其他', 'Other', 9)
ON CONFLICT (code) DO NOTHING;
