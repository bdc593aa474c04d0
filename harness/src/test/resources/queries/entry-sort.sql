-- Sorts the class's table entry whole (about 1.2 MB of rows) in 64 kB of work_mem: it spills.
set work_mem = '64kB';
select max(r) from (select row_number() over (order by amount desc) r from entry) s;
