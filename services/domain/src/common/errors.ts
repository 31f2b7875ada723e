/**
 * Domain errors carry their HTTP status; the API's error middleware maps them in one place.
 * `field` names the input at fault when there is one.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends DomainError {
  constructor(message: string, field?: string) {
    super(message, 400, 'validation_failed', field);
  }
}
export class Unauthorized extends DomainError {
  constructor(message: string) {
    super(message, 401, 'unauthorized');
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super(message, 404, 'not_found');
  }
}
export class Conflict extends DomainError {
  constructor(message: string, code = 'conflict') {
    super(message, 409, code);
  }
}
export class BusinessRuleViolated extends DomainError {
  constructor(message: string, field?: string) {
    super(message, 422, 'business_rule', field);
  }
}
