const fs=require("fs");const f=process.argv[2];const p=JSON.parse(fs.readFileSync(f));
const self=new Map();const byId=new Map(p.nodes.map(n=>[n.id,n]));
const dt=p.timeDeltas;const counts=new Map();p.samples.forEach((s,i)=>counts.set(s,(counts.get(s)||0)+(dt[i]||0)));
let total=0;for(const [id,t] of counts){const n=byId.get(id);const cf=n.callFrame;const key=cf.functionName+" "+cf.url.replace(/.*node_modules\//,"").replace(/.*\/main\//,"")+":"+cf.lineNumber;self.set(key,(self.get(key)||0)+t);total+=t}
// per-package
const pkg=new Map();for(const [id,t] of counts){const u=byId.get(id).callFrame.url;const m=u.match(/node_modules\/((@[^/]+\/)?[^/]+)/);const k=m?m[1]:(u.includes("/main/")?"app":(u||byId.get(id).callFrame.functionName));pkg.set(k,(pkg.get(k)||0)+t)}
console.log("total ms",total/1000);
console.log([...pkg].sort((a,b)=>b[1]-a[1]).slice(0,15).map(([k,t])=>`${(t/total*100).toFixed(1)}% ${k}`).join("\n"));
console.log("---");
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,30).map(([k,t])=>`${(t/total*100).toFixed(1)}% ${k}`).join("\n"));
