import sqlite3, sys, glob, json, os, subprocess
for db in sorted(glob.glob(sys.argv[1] + "/*/*.db")):
    try:
        c = sqlite3.connect(db)
        meta = dict(c.execute("select key, value from meta where key like 'mem%' or key like 'api_launches%'"))
        roles = dict(c.execute("select role, count(*) from mem group by role"))
        extra = c.execute("select count(*) from api a join api_functions f on f.domain=a.domain and f.cbid=a.cbid join strings s on s.id=f.name_id where s.value like '%ParamInfo%' or s.value like '%GetFuncBySymbol%'").fetchone()[0]
        print(os.path.relpath(db, sys.argv[1]), "meta", meta, "roles", roles, "paraminfo_calls", extra)
    except Exception as e:
        print(db, "ERR", e)
