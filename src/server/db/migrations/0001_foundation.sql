-- Foundation: businesses, their people, internal admins, sessions, contact requests, catalog basics.
-- Tenant tables carry business_id and a row-level security policy keyed on the per-transaction
-- setting app.business_id; requests of a business run as the role app_tenant (see db/tenant.ts).

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_tenant') THEN
    CREATE ROLE app_tenant NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database of the same cluster created it at the same moment
END $$;

DO $$
BEGIN
  EXECUTE format('GRANT app_tenant TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  NULL; -- a superuser needs no membership to switch roles
END $$;

CREATE TABLE businesses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  email text,
  phone text,
  address text NOT NULL DEFAULT '',
  contact_person text,
  currency text NOT NULL DEFAULT 'GHS',
  timezone text NOT NULL DEFAULT 'Africa/Accra',
  theme_colors jsonb NOT NULL,
  subscription_tier text NOT NULL DEFAULT 'basic' CHECK (subscription_tier IN ('basic', 'premium', 'enterprise')),
  is_active boolean NOT NULL DEFAULT true,
  logo_url text,
  business_description text,
  business_type text,
  operating_hours text,
  tax_id text,
  receipt_footer text,
  pos_features text[] NOT NULL DEFAULT '{inventory_management,customer_management}',
  is_onboarded boolean NOT NULL DEFAULT false,
  onboarded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The business access page finds a business by its name, ignoring case and punctuation.
CREATE INDEX businesses_name_key_idx ON businesses (regexp_replace(lower(name), '[^a-z0-9]', '', 'g'));
CREATE INDEX businesses_created_at_idx ON businesses (created_at DESC);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  full_name text GENERATED ALWAYS AS (btrim(first_name || ' ' || last_name)) STORED,
  phone text,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'cashier')),
  permissions text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  created_by_admin boolean NOT NULL DEFAULT false,
  password_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_business_email_key ON users (business_id, lower(email));
CREATE INDEX users_business_role_idx ON users (business_id, role);

CREATE TABLE internal_admins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  full_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'super_admin')),
  is_active boolean NOT NULL DEFAULT true,
  last_login_at timestamptz,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX internal_admins_email_key ON internal_admins (lower(email));

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('user', 'admin')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  admin_id uuid REFERENCES internal_admins (id) ON DELETE CASCADE,
  business_id uuid REFERENCES businesses (id) ON DELETE CASCADE,
  auth_method text NOT NULL DEFAULT 'password' CHECK (auth_method IN ('password', 'pin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip inet,
  user_agent text,
  CHECK ((kind = 'user' AND user_id IS NOT NULL AND business_id IS NOT NULL) OR (kind = 'admin' AND admin_id IS NOT NULL))
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_admin_idx ON sessions (admin_id);

CREATE TABLE contact_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_name text NOT NULL,
  contact_person text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  name text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_business_idx ON categories (business_id, sort_order);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  category_id uuid REFERENCES categories (id),
  name text NOT NULL,
  description text,
  barcode text,
  sku text,
  price integer NOT NULL,
  cost_price integer NOT NULL DEFAULT 0,
  tax_rate numeric(5, 2) NOT NULL DEFAULT 12.5,
  stock_quantity integer NOT NULL DEFAULT 0,
  min_stock_level integer NOT NULL DEFAULT 5,
  is_active boolean NOT NULL DEFAULT true,
  image_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT products_price_check CHECK (price >= 0 AND cost_price >= 0),
  CONSTRAINT products_stock_check CHECK (stock_quantity >= 0 AND min_stock_level >= 0),
  CONSTRAINT products_tax_rate_check CHECK (tax_rate BETWEEN 0 AND 100)
);
CREATE INDEX products_business_name_idx ON products (business_id, name);

-- Row-level security: the second wall behind every query's own business_id filter.
ALTER TABLE businesses ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON businesses
  USING (id = nullif(current_setting('app.business_id', true), '')::uuid);

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON users
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);

ALTER TABLE categories ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON categories
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);

ALTER TABLE products ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON products
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);

GRANT USAGE ON SCHEMA public TO app_tenant;
GRANT SELECT, UPDATE ON businesses TO app_tenant;
GRANT SELECT, INSERT, UPDATE, DELETE ON users, categories, products TO app_tenant;
