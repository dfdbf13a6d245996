// Hand-written codec for Company (dataset "company"): nested records, nullable strings, optional
// properties, Date in nested objects. See prims.ts.
import type { Address, Company, Department, Employee, Timestamps } from "../types";
import { In, Out, cat, keys, mapOf, str } from "./prims";

const K_ID = str("id"),
  K_NAME = str("name"),
  K_LEGAL = str("legalName"),
  K_WEBSITE = str("website"),
  K_FOUNDED = str("founded");
const K_HQ = str("headquarters"),
  K_DEPARTMENTS = str("departments"),
  K_TIMES = str("times");
const K_STREET = str("street"),
  K_CITY = str("city"),
  K_POSTAL = str("postalCode"),
  K_COUNTRY = str("country");
const K_COST = str("costCenter"),
  K_LOCATION = str("location"),
  K_BUDGET = str("budget"),
  K_EMPLOYEES = str("employees");
const K_EMAIL = str("email"),
  K_PHONE = str("phone"),
  K_TITLE = str("title"),
  K_MANAGER = str("managerId");
const K_SALARY = str("salary"),
  K_REMOTE = str("remote"),
  K_SKILLS = str("skills");
const K_CREATED = str("created"),
  K_UPDATED = str("updated");
const ADDRESS_HEAD = cat(mapOf(4), K_STREET);

function writeTimes(w: Out, v: Timestamps): void {
  const updated = v.updated;
  w.reserve(K_TIMES.length + 1 + K_CREATED.length);
  w.put(K_TIMES);
  w.putByte(updated === undefined ? 0x81 : 0x82);
  w.put(K_CREATED);
  w.date(v.created);
  if (updated !== undefined) {
    w.raw(K_UPDATED);
    w.date(updated);
  }
}

function writeNullableString(w: Out, v: string | null): void {
  if (v === null) w.byte(0xc0);
  else w.string(v);
}

function writeEmployee(w: Out, v: Employee): void {
  const phone = v.phone;
  w.reserve(1 + K_ID.length + 9 + K_NAME.length);
  w.putByte(phone === undefined ? 0x89 : 0x8a);
  w.put(K_ID);
  w.putNumber(v.id);
  w.put(K_NAME);
  w.string(v.name);
  w.raw(K_EMAIL);
  writeNullableString(w, v.email);
  if (phone !== undefined) {
    w.raw(K_PHONE);
    w.string(phone);
  }
  w.raw(K_TITLE);
  w.string(v.title);
  const managerId = v.managerId;
  w.reserve(K_MANAGER.length + 9 + K_SALARY.length + 9 + K_REMOTE.length + 1 + K_SKILLS.length);
  w.put(K_MANAGER);
  if (managerId === null) w.putByte(0xc0);
  else w.putNumber(managerId);
  w.put(K_SALARY);
  w.putNumber(v.salary);
  w.put(K_REMOTE);
  w.putBool(v.remote);
  w.put(K_SKILLS);
  w.stringArray(v.skills);
  writeTimes(w, v.times);
}

function writeDepartment(w: Out, v: Department): void {
  const location = v.location;
  w.reserve(1 + K_ID.length + 9 + K_NAME.length);
  w.putByte(location === undefined ? 0x86 : 0x87);
  w.put(K_ID);
  w.putNumber(v.id);
  w.put(K_NAME);
  w.string(v.name);
  w.raw(K_COST);
  writeNullableString(w, v.costCenter);
  if (location !== undefined) {
    w.raw(K_LOCATION);
    w.string(location);
  }
  const employees = v.employees,
    n = employees.length;
  w.reserve(K_BUDGET.length + 9 + K_EMPLOYEES.length + 5);
  w.put(K_BUDGET);
  w.putNumber(v.budget);
  w.put(K_EMPLOYEES);
  w.putArrayHeader(n);
  for (let i = 0; i < n; i++) writeEmployee(w, employees[i]!);
  writeTimes(w, v.times);
}

function writeAddress(w: Out, v: Address): void {
  w.raw(ADDRESS_HEAD);
  w.string(v.street);
  w.raw(K_CITY);
  w.string(v.city);
  w.raw(K_POSTAL);
  writeNullableString(w, v.postalCode);
  w.raw(K_COUNTRY);
  w.string(v.country);
}

const w = new Out();

export function encode(v: Company): Uint8Array {
  const website = v.website;
  w.reserve(1 + K_ID.length + 9 + K_NAME.length);
  w.putByte(website === undefined ? 0x87 : 0x88);
  w.put(K_ID);
  w.putNumber(v.id);
  w.put(K_NAME);
  w.string(v.name);
  w.raw(K_LEGAL);
  writeNullableString(w, v.legalName);
  if (website !== undefined) {
    w.raw(K_WEBSITE);
    w.string(website);
  }
  w.raw(K_FOUNDED);
  w.date(v.founded);
  w.raw(K_HQ);
  writeAddress(w, v.headquarters);
  const departments = v.departments,
    n = departments.length;
  w.raw(K_DEPARTMENTS);
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeDepartment(w, departments[i]!);
  writeTimes(w, v.times);
  return w.finish();
}

const COMPANY_KEYS = keys("id", "name", "legalName", "website", "founded", "headquarters", "departments", "times");
const ADDRESS_KEYS = keys("street", "city", "postalCode", "country");
const DEPARTMENT_KEYS = keys("id", "name", "costCenter", "location", "budget", "employees", "times");
const EMPLOYEE_KEYS = keys("id", "name", "email", "phone", "title", "managerId", "salary", "remote", "skills", "times");
const TIMES_KEYS = keys("created", "updated");

function readTimes(r: In): Timestamps {
  const n = r.mapHeader();
  let created!: Date, updated: Date | undefined;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_CREATED)) {
    created = r.date();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_UPDATED)) {
    updated = r.dateOrUndefined();
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(TIMES_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        created = r.date();
        break;
      case 1:
        seen = r.once(seen, 2);
        updated = r.dateOrUndefined();
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 1) !== 1) r.missing(TIMES_KEYS, 1, seen);
  return { created, updated };
}

function readNumberOrNull(r: In): number | null {
  return r.isNil() ? null : r.number();
}

function readEmployee(r: In): Employee {
  const n = r.mapHeader();
  let id!: number,
    name!: string,
    email!: string | null,
    phone: string | undefined,
    title!: string,
    managerId!: number | null;
  let salary!: number, remote!: boolean, skills!: string[], times!: Timestamps;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_EMAIL)) {
    email = r.stringOrNull();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_PHONE)) {
    phone = r.stringOrUndefined();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_TITLE)) {
    title = r.string();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_MANAGER)) {
    managerId = readNumberOrNull(r);
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_SALARY)) {
    salary = r.number();
    seen |= 64;
    i++;
  }
  if (i < n && r.key(K_REMOTE)) {
    remote = r.bool();
    seen |= 128;
    i++;
  }
  if (i < n && r.key(K_SKILLS)) {
    skills = r.stringArray();
    seen |= 256;
    i++;
  }
  if (i < n && r.key(K_TIMES)) {
    times = readTimes(r);
    seen |= 512;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(EMPLOYEE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        name = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        email = r.stringOrNull();
        break;
      case 3:
        seen = r.once(seen, 8);
        phone = r.stringOrUndefined();
        break;
      case 4:
        seen = r.once(seen, 16);
        title = r.string();
        break;
      case 5:
        seen = r.once(seen, 32);
        managerId = readNumberOrNull(r);
        break;
      case 6:
        seen = r.once(seen, 64);
        salary = r.number();
        break;
      case 7:
        seen = r.once(seen, 128);
        remote = r.bool();
        break;
      case 8:
        seen = r.once(seen, 256);
        skills = r.stringArray();
        break;
      case 9:
        seen = r.once(seen, 512);
        times = readTimes(r);
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 1015) !== 1015) r.missing(EMPLOYEE_KEYS, 1015, seen);
  return { id, name, email, phone, title, managerId, salary, remote, skills, times };
}

function readEmployees(r: In): Employee[] {
  const n = r.arrayHeader();
  const out = new Array<Employee>(n);
  for (let i = 0; i < n; i++) out[i] = readEmployee(r);
  return out;
}

function readDepartment(r: In): Department {
  const n = r.mapHeader();
  let id!: number, name!: string, costCenter!: string | null, location: string | undefined, budget!: number;
  let employees!: Employee[], times!: Timestamps;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_COST)) {
    costCenter = r.stringOrNull();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_LOCATION)) {
    location = r.stringOrUndefined();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_BUDGET)) {
    budget = r.number();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_EMPLOYEES)) {
    employees = readEmployees(r);
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_TIMES)) {
    times = readTimes(r);
    seen |= 64;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(DEPARTMENT_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        name = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        costCenter = r.stringOrNull();
        break;
      case 3:
        seen = r.once(seen, 8);
        location = r.stringOrUndefined();
        break;
      case 4:
        seen = r.once(seen, 16);
        budget = r.number();
        break;
      case 5:
        seen = r.once(seen, 32);
        employees = readEmployees(r);
        break;
      case 6:
        seen = r.once(seen, 64);
        times = readTimes(r);
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 119) !== 119) r.missing(DEPARTMENT_KEYS, 119, seen);
  return { id, name, costCenter, location, budget, employees, times };
}

function readDepartments(r: In): Department[] {
  const n = r.arrayHeader();
  const out = new Array<Department>(n);
  for (let i = 0; i < n; i++) out[i] = readDepartment(r);
  return out;
}

function readAddress(r: In): Address {
  const n = r.mapHeader();
  let street!: string, city!: string, postalCode!: string | null, country!: string;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_STREET)) {
    street = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_CITY)) {
    city = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_POSTAL)) {
    postalCode = r.stringOrNull();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_COUNTRY)) {
    country = r.string();
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(ADDRESS_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        street = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        city = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        postalCode = r.stringOrNull();
        break;
      case 3:
        seen = r.once(seen, 8);
        country = r.string();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(ADDRESS_KEYS, 15, seen);
  return { street, city, postalCode, country };
}

export function decode(bytes: Uint8Array): Company {
  const r = new In(bytes);
  const n = r.mapHeader();
  let id!: number, name!: string, legalName!: string | null, website: string | undefined, founded!: Date;
  let headquarters!: Address, departments!: Department[], times!: Timestamps;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_LEGAL)) {
    legalName = r.stringOrNull();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_WEBSITE)) {
    website = r.stringOrUndefined();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_FOUNDED)) {
    founded = r.date();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_HQ)) {
    headquarters = readAddress(r);
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_DEPARTMENTS)) {
    departments = readDepartments(r);
    seen |= 64;
    i++;
  }
  if (i < n && r.key(K_TIMES)) {
    times = readTimes(r);
    seen |= 128;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(COMPANY_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        name = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        legalName = r.stringOrNull();
        break;
      case 3:
        seen = r.once(seen, 8);
        website = r.stringOrUndefined();
        break;
      case 4:
        seen = r.once(seen, 16);
        founded = r.date();
        break;
      case 5:
        seen = r.once(seen, 32);
        headquarters = readAddress(r);
        break;
      case 6:
        seen = r.once(seen, 64);
        departments = readDepartments(r);
        break;
      case 7:
        seen = r.once(seen, 128);
        times = readTimes(r);
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 247) !== 247) r.missing(COMPANY_KEYS, 247, seen);
  r.done();
  return { id, name, legalName, website, founded, headquarters, departments, times };
}
