#!/usr/bin/env bash
# MariaDB for the services suite (data-source 测试连接 against a real server): installs it when missing, starts it on
# 127.0.0.1:3306 when not running, and creates the test database and user. Safe to run again.
# The tests read TEST_MARIADB_URL (default mysql://answer_test:answer_test@127.0.0.1:3306/answer_test under test:services).
set -euo pipefail

if ! command -v mariadbd >/dev/null 2>&1 && ! command -v mysqld >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-server >/dev/null
fi

alive() { mariadb-admin --protocol=socket -uroot ping --silent >/dev/null 2>&1; }
if ! alive; then
  service mariadb start >/dev/null 2>&1 || {
    mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
    (mysqld_safe --bind-address=127.0.0.1 >/dev/null 2>&1 &)
  }
  for _ in $(seq 1 30); do alive && break; sleep 1; done
fi
alive || { echo "MariaDB did not start" >&2; exit 1; }

mariadb --protocol=socket -uroot <<'SQL'
CREATE DATABASE IF NOT EXISTS answer_test CHARACTER SET utf8mb4;
CREATE USER IF NOT EXISTS 'answer_test'@'localhost' IDENTIFIED BY 'answer_test';
CREATE USER IF NOT EXISTS 'answer_test'@'127.0.0.1' IDENTIFIED BY 'answer_test';
GRANT ALL PRIVILEGES ON answer_test.* TO 'answer_test'@'localhost';
GRANT ALL PRIVILEGES ON answer_test.* TO 'answer_test'@'127.0.0.1';
-- the JeecgBoot import test builds a JeecgBoot-shaped database here (apps/server/test/import-jeecg.test.ts)
CREATE DATABASE IF NOT EXISTS answer_jeecg CHARACTER SET utf8mb4;
GRANT ALL PRIVILEGES ON answer_jeecg.* TO 'answer_test'@'localhost';
GRANT ALL PRIVILEGES ON answer_jeecg.* TO 'answer_test'@'127.0.0.1';
FLUSH PRIVILEGES;
SQL
mariadb -h 127.0.0.1 -P 3306 -uanswer_test -panswer_test answer_test -e 'select version()' --skip-column-names
