-- Issue 38: the user's language (a tag of src/core/i18n/locales.ts LOCALES, e.g. 'es', 'pt-BR'):
-- set at sign-up from the request's language and changed on the profile; the mails to the user are
-- written in it. Null: not known yet (mails then follow the request's language, else English).
ALTER TABLE "profiles" ADD COLUMN "locale" text;
