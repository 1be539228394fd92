import { describe, expect, it } from 'vitest';
import { findSecretInText, isSecretFileName } from './content-clearance';

describe('isSecretFileName', () => {
  it('holds back dotenv files, keys, key stores, logins and Terraform state', () => {
    for (const path of [
      '.env',
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
