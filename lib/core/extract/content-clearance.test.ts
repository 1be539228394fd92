import { describe, expect, it } from 'vitest';
import { clearDotenvText, clearedText, findSecretInText, isSecretFileName } from './content-clearance';

describe('isSecretFileName', () => {
  it('holds back dotenv files, keys, key stores, logins and Terraform state', () => {
    for (const path of [
      'app/.env.local',
      'app/.env.production',
      'prod.env',
      'deploy/id_rsa',
      'id_ed25519',
      'keys/id_rsa_old',
      'tls/server.pem',
      'tls/server.KEY',
      'cert.p12',
      'cert.pfx',
      'credentials',
      '.npmrc',
      '.pypirc',
      '.netrc',
      'vault.kdbx',
      'infra/terraform.tfvars',
      'infra/prod.tfvars',
      'infra/terraform.tfstate',
      'infra/terraform.tfstate.backup',
      'config/secrets.yml',
    ]) {
      expect(isSecretFileName(path), path).toBe(true);
    }
  });

  it('lets templates and public keys through', () => {
    for (const path of ['.env.example', '.env.sample', 'a/.env.template', '.env.dist', 'id_rsa.pub', 'keys/id_ed25519.pub', 'environment.ts', 'docker-compose.yml', 'README.md', 'keyboard.ts']) {
      expect(isSecretFileName(path), path).toBe(false);
    }
  });

  it("reads Compose's .env, which is cleared before any rule sees it", () => {
    expect(isSecretFileName('.env')).toBe(false);
    expect(isSecretFileName('deploy/.env')).toBe(false);
  });
});

describe('clearDotenvText', () => {
  it('withholds values by the variable name or the value shape, cuts URL and connection-string credentials, keeps line numbers', () => {
    const text = [
      '# wiring',
      'CART_ADDR=cart:7070',
      'POSTGRES_PASSWORD=hunter2',
      'STRIPE_API_KEY="sk_live_0123456789abcdefABCDEF"',
      'DATABASE_URL=postgres://orders:FAKE-pass@orders-db:5432/orders',
      'ConnectionString=Server=sqldata;User Id=sa;Password=Pass@word;Database=Orders',
      'SESSION=4fa8Q2x9LmT7vB3nK1pZ6wYcR0',
      'export IMAGE=ghcr.io/acme/web:1.2 # pinned',
      'not a setting',
    ].join('\n');
    const cleared = clearDotenvText(text);
    expect(cleared.split('\n')).toEqual([
      '# wiring',
      'CART_ADDR=cart:7070',
      'POSTGRES_PASSWORD=',
      'STRIPE_API_KEY=',
      'DATABASE_URL=postgres://orders-db:5432/orders',
      'ConnectionString=Server=sqldata;Database=Orders',
      'SESSION=',
      'export IMAGE=ghcr.io/acme/web:1.2',
      '',
    ]);
    for (const secret of ['hunter2', 'sk_live', 'FAKE-pass', 'Pass@word', '4fa8Q2x9']) expect(cleared).not.toContain(secret);
  });

  it('changes only the .env a compose file reads', () => {
    expect(clearedText('config/app.properties', 'password=x')).toBe('password=x');
    expect(clearedText('.env', 'password=x')).toBe('password=');
  });
});

describe('findSecretInText', () => {
  it('finds private keys, cloud and host tokens and Kubernetes Secrets', () => {
    expect(findSecretInText('x\n-----BEGIN RSA PRIVATE KEY-----\nabc')).toBe('PEM private key');
    expect(findSecretInText('-----BEGIN OPENSSH PRIVATE KEY-----')).toBe('PEM private key');
    expect(findSecretInText('-----BEGIN PRIVATE KEY-----')).toBe('PEM private key');
    expect(findSecretInText('-----BEGIN PGP PRIVATE KEY BLOCK-----')).toBe('PEM private key');
    expect(findSecretInText('key_id = "AKIAIOSFODNN7EXAMPLE"')).toBe('AWS access key ID');
    expect(findSecretInText('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe('AWS secret access key');
    expect(findSecretInText(`token: ghp_${'a'.repeat(36)}`)).toBe('GitHub token');
    expect(findSecretInText(`glpat-${'x'.repeat(20)}`)).toBe('GitLab token');
    expect(findSecretInText(`sk_live_${'a'.repeat(24)}`)).toBe('Stripe live key');
    expect(findSecretInText('apiVersion: v1\nkind: Secret\ndata:\n  password: c2VjcmV0\n')).toBe('Kubernetes Secret');
  });

  it('lets ordinary source and public certificates through', () => {
    expect(findSecretInText('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')).toBeNull();
    expect(findSecretInText('-----BEGIN PUBLIC KEY-----')).toBeNull();
    expect(findSecretInText('DATABASE_URL: postgres://orders:orders-password@orders-db/orders')).toBeNull();
    expect(findSecretInText('kind: Deployment\nspec:\n  secretName: tls\n')).toBeNull();
    expect(findSecretInText('const AKIA = 1;')).toBeNull();
  });
});
