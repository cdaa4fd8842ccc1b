-- Sign-in now needs a confirmed e-mail address (registration by mail). Accounts made before it —
-- registered, or made with the CLI — keep working: their address counts as confirmed.
UPDATE "auth_user" SET "email_verified" = true WHERE "email_verified" = false;
