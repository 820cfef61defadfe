import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ApiException, type FieldProblems } from './api.exception';

/**
 * The global ValidationPipe ({ whitelist, forbidNonWhitelisted, transform }) whose failures become 400 VALIDATION
 * with `details: [{ field, problems }]`, one entry per offending field (nested fields as `a.b`).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors: ValidationError[]) => ApiException.validation(flattenValidationErrors(errors)),
  });
}

/** class-validator errors as `[{ field, problems }]`, depth first. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldProblems {
  const out: FieldProblems = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const problems = Object.values(error.constraints ?? {});
    if (problems.length > 0) out.push({ field, problems });
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}
